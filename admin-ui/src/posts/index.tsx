import ArticleIcon from '@mui/icons-material/Article';
import { Link as MuiLink } from '@mui/material';
import {
  DataTable,
  DateTimeInput,
  Edit,
  EditButton,
  FormDataConsumer,
  FunctionField,
  List,
  NumberField,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  Show,
  SaveButton,
  ShowButton,
  Toolbar,
  SimpleForm,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import type { AdminPostAnswer } from '@epos/schemas/admin/posts';
import type { ResourceModule } from '../resources';
import { HistoryTab } from '../history/history-tab';
import { SiteDateField, siteDate } from '../app/site-date';

const STATUSES = [
  { id: 'published', name: 'Published' },
  { id: 'scheduled', name: 'Scheduled' },
  { id: 'draft', name: 'Draft' },
];
/** Deleted posts are listed on their own (filter "Deleted"); setting one to Draft brings it back. */
const LIST_STATUSES = [...STATUSES, { id: 'deleted', name: 'Deleted' }];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="blog" source="blog" reference="blogs">
    <SelectInput optionText="title" label="Blog" />
  </ReferenceInput>,
  <SelectInput key="status" source="status" choices={LIST_STATUSES} />,
  <ReferenceInput key="author" source="authorId" reference="users" filter={{ role: ['blogger', 'admin'] }}>
    <SelectInput optionText="name" label="Author" />
  </ReferenceInput>,
];

/** "Scheduled for …" with its time, else the status in words. */
function statusInWords(post: AdminPostAnswer): string {
  if (post.status === 'scheduled' && post.publishAt) return `Scheduled for ${siteDate(post.publishAt, 'appointment')}`;
  return LIST_STATUSES.find((s) => s.id === post.status)?.name ?? post.status;
}

function PostList() {
  return (
    <List filters={filters} sort={{ field: 'updatedAt', order: 'DESC' }} title="Posts">
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="title" />
        <DataTable.Col source="blog">
          <ReferenceField source="blog" reference="blogs" link="show" />
        </DataTable.Col>
        <DataTable.Col source="status">
          <FunctionField render={statusInWords} />
        </DataTable.Col>
        <DataTable.Col source="authorName" label="Author" disableSort />
        <DataTable.Col source="updatedAt" label="Changed">
          <SiteDateField source="updatedAt" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** The post in the reader app's editor (its text is written there, not here). */
function OpenInEditor() {
  const post = useRecordContext<AdminPostAnswer>();
  if (!post) return null;
  return (
    <MuiLink href={post.editorPath} target="_blank" rel="noopener" sx={{ alignSelf: 'center', mx: 1 }}>
      Open in the editor
    </MuiLink>
  );
}

function PostTitle() {
  const post = useRecordContext<AdminPostAnswer>();
  return <span>{post ? `Post “${post.title}”` : 'Post'}</span>;
}

function PostHistory() {
  const post = useRecordContext<AdminPostAnswer>();
  return post ? <HistoryTab streamId={`post-${post.id}`} restore={{ resource: 'posts', id: post.id }} /> : null;
}

function PostShow() {
  return (
    <Show
      title={<PostTitle />}
      actions={
        <TopToolbar>
          <OpenInEditor />
          <EditButton label="Publishing" />
        </TopToolbar>
      }
    >
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="Post">
          <TextField source="title" />
          <ReferenceField source="blog" reference="blogs" link="show" />
          <FunctionField label="Status" render={statusInWords} />
          <TextField source="authorName" label="Author" />
          <SiteDateField source="publishedAt" label="Published" emptyText="—" />
          <SiteDateField source="createdAt" label="Created" />
          <SiteDateField source="updatedAt" label="Changed" />
          <NumberField source="revision" label="Revisions" />
          <NumberField source="commentCount" label="Comments" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="History" path="history">
          <PostHistory />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}

const isoOrNull = (value: string | Date | null | undefined) => (value ? new Date(value).toISOString() : null);

/** Publish now, reschedule (a new time) or unpublish; `version` rides along, so a stale form answers 409. */
function PostEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      title={<PostTitle />}
      redirect="show"
      actions={
        <TopToolbar>
          <OpenInEditor />
          <ShowButton />
        </TopToolbar>
      }
    >
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <TextField source="title" />
        <SelectInput source="status" choices={STATUSES} helperText="A deleted post comes back as a Draft" />
        <FormDataConsumer<AdminPostAnswer>>
          {({ formData }) => (formData.status === 'scheduled' ? <DateTimeInput source="publishAt" label="Publish at" parse={isoOrNull} /> : null)}
        </FormDataConsumer>
      </SimpleForm>
    </Edit>
  );
}

export default { list: PostList, show: PostShow, edit: PostEdit, icon: ArticleIcon, recordRepresentation: 'title' } satisfies ResourceModule;
