import TranslateIcon from '@mui/icons-material/Translate';
import { Box, Typography } from '@mui/material';
import { DataTable, Edit, HttpError, List, NumberInput, SearchInput, SelectInput, TabbedForm, TextInput, useNotify, useRecordContext } from 'react-admin';
import { editionNames, languageNames, languages, type Language } from '@epos/schemas/poem/editions';
import { HistoryTab } from '../history/history-tab';
import type { ResourceModule } from '../resources';
import { SaveOnlyToolbar } from '../sentences/save-only-toolbar';

interface Translation {
  id: string;
  sentence: number;
  number: number | null;
  lang: Language;
  edition: keyof typeof editionNames;
  source: string;
  translation: string;
  version: string;
}

const LANGUAGES = languages.map((id) => ({ id, name: languageNames[id] }));

const filters = [
  <SelectInput key="lang" source="lang" label="Language" choices={LANGUAGES} alwaysOn emptyText="Sanskrit" />,
  <SearchInput key="q" source="q" alwaysOn />,
  <NumberInput key="book" source="book" />,
  <NumberInput key="canto" source="canto" />,
  <NumberInput key="section" source="section" />,
];

function TranslationList() {
  return (
    <List filters={filters} filterDefaultValues={{ lang: 'sa' }} sort={{ field: 'number', order: 'ASC' }} perPage={25} title="Translations">
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="number" label="Number" />
        <DataTable.Col source="source" label="Edition text" disableSort />
        <DataTable.Col source="translation" label="Translation" disableSort />
      </DataTable>
    </List>
  );
}

/** Each verse line must have its translation: an empty line (or an empty box) blocks the save. */
const notEmpty = (value: string | null | undefined) => {
  if (
    !value ||
    value.trim() === '' ||
    value
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .some((line) => line.trim() === '')
  )
    return 'TextBox cant be Empty';
  return undefined;
};

function Source() {
  const record = useRecordContext<Translation>();
  if (!record) return null;
  return (
    <Box component="section" aria-labelledby="source-title" sx={{ flex: 1 }}>
      <Typography id="source-title" component="h2" variant="subtitle1">
        {editionNames[record.edition]} edition (the text of this translation)
      </Typography>
      <Typography component="p" sx={{ whiteSpace: 'pre-line' }} lang="en">
        {record.source}
      </Typography>
    </Box>
  );
}

const Title = () => {
  const record = useRecordContext<Translation>();
  return <span>{record ? `${languageNames[record.lang]} translation of sentence ${record.number ?? record.sentence}` : 'Translation'}</span>;
};

/** That language's events in the sentence's stream; any earlier version can be restored. */
function TranslationHistory() {
  const record = useRecordContext<Translation>();
  if (!record) return null;
  return <HistoryTab streamId={`sentence-${record.sentence}`} record={`translation:${record.lang}`} restore={{ resource: 'translations', id: record.id }} />;
}

function TranslationEdit() {
  const notify = useNotify();
  return (
    <Edit
      mutationMode="pessimistic"
      title={<Title />}
      redirect={false}
      mutationOptions={{
        onSuccess: () => notify('Book Updated Successfully', { type: 'success' }),
        onError: (error) => notify(error instanceof HttpError && error.status === 409 ? error.message : 'An error Occured', { type: 'error' }),
      }}
    >
      <TabbedForm toolbar={<SaveOnlyToolbar />}>
        <TabbedForm.Tab label="Translation">
          <Box sx={{ display: 'flex', gap: 3, width: '100%', flexDirection: { xs: 'column', md: 'row' } }}>
            <Source />
            <Box sx={{ flex: 1 }}>
              <TextInput source="translation" label="Translation" multiline fullWidth validate={notEmpty} />
            </Box>
          </Box>
        </TabbedForm.Tab>
        <TabbedForm.Tab label="History">
          <TranslationHistory />
        </TabbedForm.Tab>
      </TabbedForm>
    </Edit>
  );
}

export default {
  list: TranslationList,
  edit: TranslationEdit,
  icon: TranslateIcon,
  recordRepresentation: (record: Translation) => `${languageNames[record.lang]} ${record.number ?? record.sentence}`,
} satisfies ResourceModule;
