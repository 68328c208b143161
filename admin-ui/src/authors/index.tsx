import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import {
  CreateButton,
  Create,
  DataTable,
  Edit,
  List,
  NumberField,
  ReferenceManyField,
  SearchInput,
  SimpleForm,
  TabbedForm,
  TextField,
  TextInput,
  required,
  useRecordContext,
} from 'react-admin';
import type { z } from 'zod';
import type { adminAuthorAnswer } from '@epos/schemas/books/admin';
import type { ResourceModule } from '../resources';
import { HistoryTab } from '../history/history-tab';
import { SaveAndDeleteToolbar } from '../pages/edit-toolbar';
import { SiteDateField } from '../app/site-date';

type AdminAuthor = z.infer<typeof adminAuthorAnswer>;

function AuthorList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'name', order: 'ASC' }} title="Authors">
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="slug" label="Address" />
        <DataTable.Col source="books">
          <NumberField source="books" />
        </DataTable.Col>
        <DataTable.Col source="updated_at" label="Changed">
          <SiteDateField source="updated_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function AuthorTitle() {
  const author = useRecordContext<AdminAuthor>();
  return <span>{author ? `Author “${author.name}”` : 'Author'}</span>;
}

/** A new book with this author already chosen. */
function AddBook() {
  const author = useRecordContext<AdminAuthor>();
  return author ? <CreateButton resource="books" label="Add a book" state={{ record: { author_id: author.id, order: author.books + 1 } }} /> : null;
}

/** The spec's edit mode: choosing an author shows its books; choosing a book opens it. */
function AuthorBooks() {
  return (
    <ReferenceManyField label="Books" reference="books" target="author_id" sort={{ field: 'order', order: 'ASC' }} perPage={100}>
      <DataTable bulkActionButtons={false} rowClick="edit" empty={<span>No books yet.</span>}>
        <DataTable.Col source="order" />
        <DataTable.Col source="title" />
        <DataTable.Col source="words" />
        <DataTable.Col source="updated_at" label="Changed">
          <SiteDateField source="updated_at" />
        </DataTable.Col>
      </DataTable>
    </ReferenceManyField>
  );
}

function AuthorHistory() {
  const author = useRecordContext<AdminAuthor>();
  return author ? <HistoryTab streamId={`author-${author.id}`} /> : null;
}

/** Rename (the slug, and so the books' addresses, stay); delete is refused while the author has books. */
function AuthorEdit() {
  return (
    <Edit mutationMode="pessimistic" title={<AuthorTitle />} redirect={false}>
      <TabbedForm
        toolbar={<SaveAndDeleteToolbar confirmTitle="Delete this author?" confirmContent="An author with books cannot be deleted: delete its books first." />}
      >
        <TabbedForm.Tab label="Author">
          <TextInput source="name" validate={required('name is required')} fullWidth />
          <TextField source="slug" label="Address (kept when renamed)" />
          <AuthorBooks />
          <AddBook />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="History" path="history">
          <AuthorHistory />
        </TabbedForm.Tab>
      </TabbedForm>
    </Edit>
  );
}

function AuthorCreate() {
  return (
    <Create redirect="edit">
      <SimpleForm>
        <TextInput source="name" validate={required('name is required')} fullWidth helperText="The address is made from the name" />
      </SimpleForm>
    </Create>
  );
}

export default { list: AuthorList, edit: AuthorEdit, create: AuthorCreate, icon: HistoryEduIcon, recordRepresentation: 'name' } satisfies ResourceModule;
