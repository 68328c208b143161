import EventNoteIcon from '@mui/icons-material/EventNote';
import {
  ArrayInput,
  Create,
  DataTable,
  DateInput,
  Edit,
  FormDataConsumer,
  List,
  NumberField,
  NumberInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TabbedForm,
  TextInput,
  maxLength,
  minValue,
  required,
  useEditContext,
  useRecordContext,
  useSimpleFormIteratorItem,
} from 'react-admin';
import type { AdminCuratedPlan } from '@epos/schemas/study/curated-plans';
import type { ResourceModule } from '../resources';
import { HistoryTab } from '../history/history-tab';
import { SaveAndDeleteToolbar } from '../pages/edit-toolbar';
import { SiteDateField } from '../app/site-date';

const SPLITS = [
  { id: 'cantos', name: 'A canto a portion' },
  { id: 'lines', name: 'Even shares of the lines' },
];
const PACES = [
  { id: 'day', name: 'A portion a day' },
  { id: 'week', name: 'A portion a week' },
];

function PlanList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'title', order: 'ASC' }} title="Reading plans">
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="title" />
        <DataTable.Col source="every" label="Pace" disableSort />
        <DataTable.Col source="days" label="Portions" disableSort />
        <DataTable.Col source="calendar_start" label="Shared calendar from" disableSort />
        <DataTable.Col source="followers">
          <NumberField source="followers" />
        </DataTable.Col>
        <DataTable.Col source="updated_at" label="Changed">
          <SiteDateField source="updated_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** The fields both forms share: what the plan covers, how it is cut and paced, and a shared calendar's start. */
function PlanFields() {
  return (
    <>
      <TextInput source="title" validate={[required('title is required'), maxLength(200)]} fullWidth />
      <TextInput source="summary" multiline fullWidth validate={maxLength(2000)} helperText="One or two sentences readers see in the list of plans" />
      <NumberInput source="from_book" label="From book" min={1} step={1} defaultValue={1} validate={required()} />
      <NumberInput source="from_canto" label="From canto" min={1} step={1} defaultValue={1} validate={required()} />
      <NumberInput source="to_book" label="To book" min={1} step={1} defaultValue={1} validate={required()} />
      <NumberInput source="to_canto" label="To canto" min={1} step={1} defaultValue={1} validate={required()} />
      <SelectInput source="split" label="Portions" choices={SPLITS} defaultValue="cantos" validate={required()} />
      <FormDataConsumer<{ split?: string }>>
        {({ formData }) =>
          formData.split === 'lines' ? <NumberInput source="days" label="How many portions" min={1} step={1} validate={[required(), minValue(1)]} /> : null
        }
      </FormDataConsumer>
      <SelectInput source="every" label="Pace" choices={PACES} defaultValue="week" validate={required()} />
      <DateInput
        source="calendar_start"
        label="Shared calendar from"
        helperText="Set it for a calendar everyone reads on the same dates (the canto of the week); leave it empty for a plan each reader starts on their own day"
      />
    </>
  );
}

/** The commentary of one portion, named by what it reads (from the plan's schedule as the poem stands). */
function PortionNoteInput() {
  const { index } = useSimpleFormIteratorItem();
  const { record } = useEditContext<AdminCuratedPlan>();
  const day = record?.schedule[index];
  const when = day?.startDay ? ` (${day.startDay} – ${day.endDay})` : '';
  const what = day?.portion
    ? `${day.portion.from.book}.${day.portion.from.canto} sentence ${day.portion.from.sentence} to ${day.portion.to.book}.${day.portion.to.canto} sentence ${day.portion.to.sentence}, ${day.portion.lines} lines`
    : 'nothing to read';
  return (
    <TextInput
      source="note"
      label={`Portion ${index + 1}${when}: ${what}`}
      multiline
      fullWidth
      helperText="Markdown; ||n|| links to sentence n"
      validate={maxLength(10_000)}
    />
  );
}

const Title = () => {
  const plan = useRecordContext<AdminCuratedPlan>();
  return <span>{plan ? `Reading plan “${plan.title}”` : 'Reading plan'}</span>;
};

function PlanHistory() {
  const plan = useRecordContext<AdminCuratedPlan>();
  return plan ? <HistoryTab streamId={`curated-plan-${plan.id}`} /> : null;
}

function PlanEdit() {
  return (
    <Edit mutationMode="pessimistic" title={<Title />} redirect={false}>
      <TabbedForm
        toolbar={
          <SaveAndDeleteToolbar
            confirmTitle="Withdraw this plan?"
            confirmContent="Readers who follow it keep their plan and its commentary; its history stays."
          />
        }
      >
        <TabbedForm.Tab label="Plan">
          <PlanFields />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="Commentary" path="commentary">
          <ArrayInput source="notes" label="A note on each portion (save after changing the cantos or portions to see the new ones)">
            <SimpleFormIterator disableAdd disableRemove disableReordering>
              <PortionNoteInput />
            </SimpleFormIterator>
          </ArrayInput>
        </TabbedForm.Tab>
        <TabbedForm.Tab label="History" path="history">
          <PlanHistory />
        </TabbedForm.Tab>
      </TabbedForm>
    </Edit>
  );
}

function PlanCreate() {
  return (
    <Create redirect="edit" title="New reading plan">
      <SimpleForm>
        <PlanFields />
      </SimpleForm>
    </Create>
  );
}

export default {
  list: PlanList,
  edit: PlanEdit,
  create: PlanCreate,
  icon: EventNoteIcon,
  recordRepresentation: 'title',
  options: { label: 'Reading plans' },
} satisfies ResourceModule;
