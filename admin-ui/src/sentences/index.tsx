import NotesIcon from '@mui/icons-material/Notes';
import {
  ArrayInput,
  DataTable,
  Edit,
  List,
  NumberInput,
  SearchInput,
  Show,
  SimpleFormIterator,
  TabbedForm,
  TabbedShowLayout,
  TextField,
  TextInput,
  required,
  useRecordContext,
} from 'react-admin';
import type { AdminSentenceAnswer } from '@epos/schemas/admin/sentences';
import { HistoryTab } from '../history/history-tab';
import type { ResourceModule } from '../resources';
import { SaveOnlyToolbar } from './save-only-toolbar';
import { LinePicker } from './line-picker';

const EDITIONS = [
  ['first', 'First edition'],
  ['centenary', 'Centenary edition'],
  ['revised', 'Revised edition'],
] as const;
const NOTES = [
  ['motherNote', 'Mother note'],
  ['aurobindoNote', 'Author note'],
  ['reason', 'Reason'],
] as const;
const ANALYSIS = [
  ['scansion', 'Scansion'],
  ['ipa', 'IPA'],
  ['hyphenated', 'Hyphenation'],
  ['pronouns', 'Pronouns'],
  ['sanskritTransliteration', 'Sanskrit transliteration'],
] as const;
const MEDIA = ['painting', 'sketch', 'diagram', 'audio', 'artistImage'] as const;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NumberInput key="book" source="book" />,
  <NumberInput key="canto" source="canto" />,
  <NumberInput key="section" source="section" />,
];

function SentenceList() {
  return (
    <List filters={filters} sort={{ field: 'number', order: 'ASC' }} perPage={25} title="Poem lines">
      <LinePicker />
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="number" label="Number" />
        <DataTable.Col source="book" />
        <DataTable.Col source="canto" />
        <DataTable.Col source="section" />
        <DataTable.Col source="firstWords" label="First words" disableSort />
      </DataTable>
    </List>
  );
}

const streamOf = (record: AdminSentenceAnswer | undefined) => (record ? `sentence-${record.id}` : '');

function SentenceHistory() {
  const record = useRecordContext<AdminSentenceAnswer>();
  if (!record) return null;
  return <HistoryTab streamId={streamOf(record)} restore={{ resource: 'sentences', id: record.id }} />;
}

function CommentaryInputs() {
  const record = useRecordContext<AdminSentenceAnswer>();
  const layers = Object.keys(record?.commentary ?? {});
  if (layers.length === 0) return <p>No commentary on this sentence yet.</p>;
  return (
    <>
      {layers.map((layer) => (
        <TextInput key={layer} source={`commentary.${layer}`} label={`Commentary: ${layer}`} multiline fullWidth />
      ))}
    </>
  );
}

const SentenceTitle = () => {
  const record = useRecordContext<AdminSentenceAnswer>();
  return <span>Sentence {record?.number ?? record?.id}</span>;
};

/** Saves only what the server edits; `version` makes a stale save a 409. */
function SentenceEdit() {
  return (
    <Edit mutationMode="pessimistic" title={<SentenceTitle />}>
      <TabbedForm toolbar={<SaveOnlyToolbar />}>
        <TabbedForm.Tab label="Text">
          {EDITIONS.map(([edition, label]) => (
            <TextInput
              key={edition}
              source={`text.${edition}`}
              label={label}
              multiline
              fullWidth
              validate={edition === 'first' ? required("Input can't be blank") : undefined}
            />
          ))}
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Notes">
          {NOTES.map(([field, label]) => (
            <TextInput key={field} source={`fields.${field}`} label={label} multiline fullWidth />
          ))}
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Analysis">
          {ANALYSIS.map(([field, label]) => (
            <TextInput key={field} source={`fields.${field}`} label={label} multiline fullWidth />
          ))}
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Media">
          {MEDIA.map((kind) => (
            <ArrayInput key={kind} source={`media.${kind}`} label={kind}>
              <SimpleFormIterator inline>
                <TextInput source="url" label="Address" validate={required()} />
                <TextInput source="title" label="Title" parse={(value: string) => (value === '' ? undefined : value)} />
              </SimpleFormIterator>
            </ArrayInput>
          ))}
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Commentary">
          <CommentaryInputs />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="History">
          <SentenceHistory />
        </TabbedForm.Tab>
      </TabbedForm>
    </Edit>
  );
}

function SentenceShow() {
  return (
    <Show title={<SentenceTitle />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="Text">
          <TextField source="number" />
          {EDITIONS.map(([edition, label]) => (
            <TextField key={edition} source={`text.${edition}`} label={label} sx={{ whiteSpace: 'pre-line' }} emptyText="—" />
          ))}
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="History">
          <SentenceHistory />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}

export default {
  list: SentenceList,
  edit: SentenceEdit,
  show: SentenceShow,
  icon: NotesIcon,
  recordRepresentation: (record: AdminSentenceAnswer) => `Sentence ${record.number ?? record.id}`,
} satisfies ResourceModule;
