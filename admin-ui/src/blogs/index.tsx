import RssFeedIcon from '@mui/icons-material/RssFeed';
import {
  BooleanField,
  BooleanInput,
  Edit,
  SaveButton,
  TabbedShowLayout,
  Toolbar,
  useRecordContext,
  Create,
  DataTable,
  FunctionField,
  List,
  NumberField,
  ReferenceManyField,
  required,
  SearchInput,
  Show,
  SimpleForm,
  TextField,
  TextInput,
} from 'react-admin';
import type { AdminUserAnswer } from '@epos/schemas/admin/users';
import type { AdminBlogAnswer } from '@epos/schemas/admin/blogs';
import type { ResourceModule } from '../resources';
import { HistoryTab } from '../history/history-tab';
import { SiteDateField } from '../app/site-date';

function BlogList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'title', order: 'ASC' }} title="Blogs">
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="title" />
        <DataTable.Col source="id" label="Slug" />
        <DataTable.Col source="publishedCount" label="Published posts">
          <NumberField source="publishedCount" />
        </DataTable.Col>
        <DataTable.Col source="lastPublished" label="Last published">
          <SiteDateField source="lastPublished" emptyText="never" />
        </DataTable.Col>
        <DataTable.Col source="archived" disableSort>
          <BooleanField source="archived" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function BlogShow() {
  return (
    <Show title={<BlogTitle />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="Blog">
          <TextField source="title" />
          <TextField source="id" label="Slug" />
          <TextField source="description" emptyText="—" />
          <SiteDateField source="createdAt" label="Created" />
          <NumberField source="publishedCount" label="Published posts" />
          <BooleanField source="archived" />
          <ReferenceManyField label="Bloggers" reference="users" target="blog" sort={{ field: 'name', order: 'ASC' }}>
            <DataTable bulkActionButtons={false} rowClick="show" empty={<span>No one writes here yet.</span>}>
              <DataTable.Col source="name" />
              <DataTable.Col source="role" />
              <DataTable.Col label="Blogs" disableSort>
                <FunctionField render={(user: AdminUserAnswer) => user.blogs.join(', ')} />
              </DataTable.Col>
            </DataTable>
          </ReferenceManyField>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="History" path="history">
          <BlogHistory />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}

function BlogTitle() {
  const blog = useRecordContext<AdminBlogAnswer>();
  return <span>{blog ? `Blog “${blog.title}”` : 'Blog'}</span>;
}

/** Rename, describe, archive (no new posts) or unarchive; `version` rides along, so a stale form answers 409. */
function BlogEdit() {
  return (
    <Edit mutationMode="pessimistic" title={<BlogTitle />} redirect="show">
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <TextField source="id" label="Slug" />
        <TextInput source="title" validate={required()} />
        <TextInput source="description" multiline minRows={3} />
        <BooleanInput source="archived" label="Archived (off the site's lists, no new posts or comments)" />
      </SimpleForm>
    </Edit>
  );
}

function BlogHistory() {
  const blog = useRecordContext<AdminBlogAnswer>();
  return blog ? <HistoryTab streamId={`blog-${blog.id}`} /> : null;
}

function BlogCreate() {
  return (
    <Create redirect="show">
      <SimpleForm>
        <TextInput source="slug" validate={required()} helperText="Lower-case letters, digits and single hyphens: the blog's address" />
        <TextInput source="title" validate={required()} />
        <TextInput source="description" multiline minRows={3} />
      </SimpleForm>
    </Create>
  );
}

export default {
  list: BlogList,
  show: BlogShow,
  edit: BlogEdit,
  create: BlogCreate,
  icon: RssFeedIcon,
  recordRepresentation: 'title',
} satisfies ResourceModule;
