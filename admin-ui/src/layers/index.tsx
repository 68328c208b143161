import LayersIcon from '@mui/icons-material/Layers';
import {
  ArrayInput,
  Create,
  DataTable,
  DeleteButton,
  Edit,
  List,
  NumberInput,
  SaveButton,
  SearchInput,
  SimpleForm,
  SimpleFormIterator,
  TabbedForm,
  TextInput,
  Toolbar,
  required,
  useRecordContext,
} from 'react-admin';
import { HistoryTab } from '../history/history-tab';
import type { ResourceModule } from '../resources';

interface Layer {
  id: string;
  label: string;
  author: string;
  order: number;
  version: string;
  cantoNotes: { book: number; canto: number; name: string; text: string | null }[];
}

function LayerList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'order', order: 'ASC' }} perPage={50} title="Commentary layers">
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="order" label="Order" />
        <DataTable.Col source="id" label="Key" />
        <DataTable.Col source="label" label="Label" />
        <DataTable.Col source="author" label="Author" disableSort />
      </DataTable>
    </List>
  );
}

const KEY_RULE = (value: string | undefined) =>
  value && /^[a-z][a-z0-9_-]{0,31}$/.test(value) ? undefined : 'A layer key is lower-case letters, digits, - or _';

function LayerCreate() {
  return (
    <Create title="Add a commentary layer" redirect="edit">
      <SimpleForm>
        <TextInput source="id" label="Key (permanent)" validate={[required(), KEY_RULE]} />
        <TextInput source="label" label="Label" validate={required()} />
        <TextInput source="author" label="Author" validate={required()} />
        <NumberInput source="order" label="Order" min={0} step={1} defaultValue={0} validate={required()} />
      </SimpleForm>
    </Create>
  );
}

/** The canto a note belongs to (the iterator's item record), named in its input's label. */
function CantoNoteInput() {
  const canto = useRecordContext<Layer['cantoNotes'][number]>();
  return <TextInput source="text" label={canto ? `Book ${canto.book}, canto ${canto.canto}: ${canto.name}` : 'Note'} multiline fullWidth />;
}

function LayerToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton
        label="Retire"
        variant="contained"
        mutationMode="pessimistic"
        confirmTitle="Retire this layer?"
        confirmContent="Its notes stay in the history."
      />
    </Toolbar>
  );
}

const Title = () => {
  const record = useRecordContext<Layer>();
  return <span>Layer {record?.label}</span>;
};

/** The events about this layer in the poem's stream: its definitions, canto notes and retirement. */
function LayerHistory() {
  const record = useRecordContext<Layer>();
  if (!record) return null;
  return <HistoryTab streamId="poem" record={`layer:${record.id}`} />;
}

function LayerEdit() {
  return (
    <Edit mutationMode="pessimistic" title={<Title />} redirect={false}>
      <TabbedForm toolbar={<LayerToolbar />}>
        <TabbedForm.Tab label="Layer">
          <TextInput source="label" label="Label" validate={required()} />
          <TextInput source="author" label="Author" validate={required()} />
          <NumberInput source="order" label="Order (menus list layers by it)" min={0} step={1} validate={required()} />
          <ArrayInput source="cantoNotes" label="Notes on cantos">
            <SimpleFormIterator disableAdd disableRemove disableReordering>
              <CantoNoteInput />
            </SimpleFormIterator>
          </ArrayInput>
        </TabbedForm.Tab>
        <TabbedForm.Tab label="History">
          <LayerHistory />
        </TabbedForm.Tab>
      </TabbedForm>
    </Edit>
  );
}

export default {
  list: LayerList,
  create: LayerCreate,
  edit: LayerEdit,
  icon: LayersIcon,
  recordRepresentation: (record: Layer) => record.label,
} satisfies ResourceModule;
