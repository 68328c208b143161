import RateReviewIcon from '@mui/icons-material/RateReview';
import { Alert, Box, Typography } from '@mui/material';
import {
  AutocompleteInput,
  DataTable,
  FunctionField,
  Labeled,
  List,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
} from 'react-admin';
import type { AdminSuggestionAnswer } from '@epos/schemas/admin/suggestions';
import type { ResourceModule } from '../resources';
import { WordDiff } from '../history/word-diff';
import { Decision } from './decision';
import { SiteDateField } from '../app/site-date';

const STATUSES = [
  { id: 'open', name: 'Open' },
  { id: 'accepted', name: 'Accepted' },
  { id: 'declined', name: 'Declined' },
];
const CHANGED_SINCE_NOTE = 'The text has changed since this suggestion was made: accepting it would be refused.';

const filters = [
  <SelectInput key="status" source="status" label="Status" choices={STATUSES} emptyText="Any status" alwaysOn />,
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="suggester" source="suggesterId" reference="users">
    <AutocompleteInput optionText="name" label="Suggester" />
  </ReferenceInput>,
  <NumberInput key="sentence" source="sentence" label="Sentence number" min={1} />,
];

const where = (s: AdminSuggestionAnswer) => `${s.sentence === null ? `withdrawn sentence (id ${s.sentenceId})` : `sentence ${s.sentence}`}, ${s.partLabel}`;

/** Readers' suggested corrections, newest first, the open ones unless asked otherwise. */
function SuggestionList() {
  return (
    <List filters={filters} filterDefaultValues={{ status: 'open' }} sort={{ field: 'madeAt', order: 'DESC' }} title="Suggestions">
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="madeAt" label="Made">
          <SiteDateField source="madeAt" />
        </DataTable.Col>
        <DataTable.Col source="part" label="Correction of">
          <FunctionField<AdminSuggestionAnswer> render={where} />
        </DataTable.Col>
        <DataTable.Col source="suggesterName" label="Suggester" disableSort />
        <DataTable.Col source="proposed" label="Proposed" disableSort>
          <FunctionField<AdminSuggestionAnswer> render={(s) => (s.proposed.length > 120 ? `${s.proposed.slice(0, 120)}…` : s.proposed)} />
        </DataTable.Col>
        <DataTable.Col source="status" />
        <DataTable.Col source="changedSince" label="Text changed since" disableSort>
          <FunctionField<AdminSuggestionAnswer> render={(s) => (s.changedSince ? 'Yes' : '')} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function SuggestionTitle() {
  const suggestion = useRecordContext<AdminSuggestionAnswer>();
  return <span>{suggestion ? `Suggestion: ${where(suggestion)}` : 'Suggestion'}</span>;
}

/** What the suggestion changes, as a word diff of the text it was based on → the proposed text. */
function Change() {
  const suggestion = useRecordContext<AdminSuggestionAnswer>();
  if (!suggestion) return null;
  return (
    <Labeled label="Change (struck out: removed, underlined: added)">
      <Box component="p" sx={{ whiteSpace: 'pre-wrap', m: 0, overflowWrap: 'anywhere' }}>
        <WordDiff diff={suggestion.diff} />
      </Box>
    </Labeled>
  );
}

function Summary() {
  const s = useRecordContext<AdminSuggestionAnswer>();
  if (!s) return null;
  return (
    <Box>
      <Typography component="h2" variant="h6">
        {s.partLabel} of {s.sentence === null ? `a withdrawn sentence (id ${s.sentenceId})` : <a href={`/${s.sentence}`}>sentence {s.sentence}</a>}
      </Typography>
      {s.changedSince && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {CHANGED_SINCE_NOTE}
        </Alert>
      )}
    </Box>
  );
}

function SuggestionShow() {
  return (
    <Show title={<SuggestionTitle />}>
      <SimpleShowLayout>
        <Summary />
        <Change />
        <TextField source="suggesterName" label="Suggested by" />
        <SiteDateField source="madeAt" label="Made" />
        <TextField source="reason" label="The suggester's reason" emptyText="(none given)" />
        <TextField source="status" />
        <TextField source="decidedByName" label="Decided by" emptyText="—" />
        <SiteDateField source="decidedAt" label="Decided" emptyText="—" />
        <TextField source="declineReason" label="Declined because" emptyText="—" />
        <Decision />
      </SimpleShowLayout>
    </Show>
  );
}

export default { list: SuggestionList, show: SuggestionShow, icon: RateReviewIcon, options: { label: 'Suggestions' } } satisfies ResourceModule;
