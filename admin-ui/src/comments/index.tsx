import CommentIcon from '@mui/icons-material/Comment';
import {
  DataTable,
  DeleteWithConfirmButton,
  List,
  NumberField,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  Button,
  useNotify,
  useRecordContext,
  useUpdate,
} from 'react-admin';
import type { AdminCommentAnswer } from '@epos/schemas/admin/comments';
import type { ResourceModule } from '../resources';
import { SiteDateField } from '../app/site-date';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="post" source="postId" reference="posts">
    <AutocompleteInput optionText="title" label="Post" />
  </ReferenceInput>,
  <ReferenceInput key="author" source="authorId" reference="users">
    <AutocompleteInput optionText="name" label="Author" />
  </ReferenceInput>,
  <BooleanInput key="hidden" source="hidden" label="Hidden" />,
];

/** Takes the comment (and the replies under it) off the site, or puts it back. */
function HideButton() {
  const comment = useRecordContext<AdminCommentAnswer>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<AdminCommentAnswer>();
  if (!comment) return null;
  const toggle = () =>
    update(
      'comments',
      { id: comment.id, data: { hidden: !comment.hidden }, previousData: comment },
      {
        mutationMode: 'pessimistic',
        onSuccess: (saved) => notify(saved.hidden ? 'The comment is hidden from the site' : 'The comment is back on the site', { type: 'success' }),
        onError: (error) => notify(error instanceof Error ? error.message : 'An error Occured', { type: 'error' }),
      },
    );
  return <Button label={comment.hidden ? 'Show on the site' : 'Hide from the site'} disabled={isPending} onClick={() => void toggle()} />;
}

/** The moderation queue, newest first. */
function CommentList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} title="Comments">
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt" label="When">
          <SiteDateField source="createdAt" />
        </DataTable.Col>
        <DataTable.Col source="authorName" label="Author" disableSort />
        <DataTable.Col source="content" label="Comment" disableSort />
        <DataTable.Col source="postTitle" label="Post" disableSort />
        <DataTable.Col source="replies" disableSort>
          <NumberField source="replies" />
        </DataTable.Col>
        <DataTable.Col source="hidden" disableSort>
          <BooleanField source="hidden" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function CommentTitle() {
  const comment = useRecordContext<AdminCommentAnswer>();
  return <span>{comment ? `Comment by ${comment.authorName}` : 'Comment'}</span>;
}

function CommentShow() {
  return (
    <Show
      title={<CommentTitle />}
      actions={
        <TopToolbar>
          <HideButton />
          <DeleteWithConfirmButton mutationMode="pessimistic" confirmTitle="Delete this comment?" confirmContent="A comment with replies cannot be deleted." />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="content" label="Comment" />
        <TextField source="authorName" label="Author" />
        <ReferenceField source="postId" reference="posts" label="Post" link="show" />
        <SiteDateField source="createdAt" label="Posted" />
        <SiteDateField source="modifiedAt" label="Changed" />
        <NumberField source="replies" />
        <NumberField source="upvotes" />
        <BooleanField source="hidden" label="Hidden from the site" />
      </SimpleShowLayout>
    </Show>
  );
}

export default { list: CommentList, show: CommentShow, icon: CommentIcon, options: { label: 'Comments' } } satisfies ResourceModule;
