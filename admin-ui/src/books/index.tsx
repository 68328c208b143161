import MenuBookIcon from '@mui/icons-material/MenuBook';
import { Link as MuiLink } from '@mui/material';
import {
  AutocompleteInput,
  Create,
  DataTable,
  Edit,
  List,
  NumberField,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SimpleForm,
  TabbedForm,
  TextField,
  TextInput,
  required,
  useRecordContext,
} from 'react-admin';
import type { z } from 'zod';
import type { adminBookAnswer } from '@epos/schemas/books/admin';
import type { ResourceModule } from '../resources';
import { HistoryTab } from '../history/history-tab';
import { SaveAndDeleteToolbar } from '../pages/edit-toolbar';
import { MarkdownInput } from './markdown-input';
import { SiteDateField } from '../app/site-date';

type AdminBook = z.infer<typeof adminBookAnswer>;

const authorInput = (props: { alwaysOn?: boolean; validate?: ReturnType<typeof required> } = {}) => (
  <ReferenceInput key="author_id" source="author_id" reference="authors" sort={{ field: 'name', order: 'ASC' }} perPage={100} alwaysOn={props.alwaysOn}>
    <AutocompleteInput label="Author" optionText="name" filterToQuery={(q: string) => ({ q })} validate={props.validate} />
  </ReferenceInput>
);

function BookList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />, authorInput({ alwaysOn: true })]} sort={{ field: 'author_name', order: 'ASC' }} title="Books">
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="author_name" label="Author">
          <ReferenceField source="author_id" reference="authors" link="edit" />
        </DataTable.Col>
        <DataTable.Col source="order" />
        <DataTable.Col source="title" />
        <DataTable.Col source="words">
          <NumberField source="words" />
        </DataTable.Col>
        <DataTable.Col source="updated_at" label="Changed">
          <SiteDateField source="updated_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function BookTitle() {
  const book = useRecordContext<AdminBook>();
  return <span>{book ? `Book “${book.title}”` : 'Book'}</span>;
}

function OpenOnSite() {
  const book = useRecordContext<AdminBook>();
  if (!book) return null;
  const path = `/books/${encodeURIComponent(book.author_slug)}/${encodeURIComponent(book.slug)}`;
  return (
    <MuiLink href={path} target="_blank" rel="noopener">
      Open {path} on the site
    </MuiLink>
  );
}

const textInputs = [
  <TextInput key="title" source="title" validate={required('title is required')} fullWidth />,
  <NumberInput key="order" source="order" min={0} step={1} helperText="Books are listed by order, then title" />,
];
const CONTENTS_HELP = '## and ### headings make the table of contents';

/** The book's text in the site's markdown editor, its working copy kept on this device under the book's id. */
function BookContent() {
  const book = useRecordContext<AdminBook>();
  return <MarkdownInput source="md_content" label="Content" helperText={CONTENTS_HELP} draftName={`book-${book?.id ?? 'new'}`} />;
}

function BookHistory() {
  const book = useRecordContext<AdminBook>();
  return book ? <HistoryTab streamId={`book-${book.id}`} restore={{ resource: 'books', id: book.id }} /> : null;
}

/** Saves a new revision (`revision` rides along, so a stale form answers 409); the author stays. */
function BookEdit() {
  return (
    <Edit mutationMode="pessimistic" title={<BookTitle />} redirect={false}>
      <TabbedForm
        toolbar={<SaveAndDeleteToolbar confirmTitle="Delete this book?" confirmContent="Its address is not given to another book; its history is kept." />}
      >
        <TabbedForm.Tab label="Book">
          <OpenOnSite />
          <ReferenceField source="author_id" reference="authors" link="edit" label="Author" />
          <TextField source="slug" label="Address (kept when renamed)" />
          {textInputs}
          <BookContent />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="History" path="history">
          <BookHistory />
        </TabbedForm.Tab>
      </TabbedForm>
    </Edit>
  );
}

function BookCreate() {
  return (
    <Create redirect="edit">
      <SimpleForm defaultValues={{ order: 0 }}>
        {authorInput({ validate: required('author_id: choose an author') })}
        {textInputs}
        <BookContent />
      </SimpleForm>
    </Create>
  );
}

export default { list: BookList, edit: BookEdit, create: BookCreate, icon: MenuBookIcon, recordRepresentation: 'title' } satisfies ResourceModule;
