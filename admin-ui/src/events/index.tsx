import HistoryIcon from '@mui/icons-material/History';
import { Typography } from '@mui/material';
import {
  DateTimeInput,
  FunctionField,
  Link,
  List,
  DataTable,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  useRecordContext,
} from 'react-admin';
import type { AdminEventAnswer } from '@epos/schemas/admin/events';
import type { ResourceModule } from '../resources';
import { SiteDateField } from '../app/site-date';

const KINDS = ['sentence', 'post', 'comments', 'blog', 'user', 'suggestion', 'poem'].map((id) => ({ id, name: id }));

const filters = [
  <SearchInput key="q" source="q" placeholder="What happened (e.g. text set)" alwaysOn />,
  <TextInput key="actor" source="actor" label="Actor (user id or tool)" />,
  <TextInput key="streamId" source="streamId" label="Stream" />,
  <SelectInput key="kind" source="kind" label="Stream kind" choices={KINDS} />,
  <TextInput key="type" source="type" label="Event type" />,
  <DateTimeInput key="from" source="occurredAt_gte" label="From" />,
  <DateTimeInput key="to" source="occurredAt_lte" label="To" />,
];

function RecordLink() {
  const event = useRecordContext<AdminEventAnswer>();
  if (!event?.record) return <span>{event?.streamId}</span>;
  return <Link to={`/${event.record.resource}/${encodeURIComponent(event.record.id)}/show`}>{event.streamId}</Link>;
}

function EventList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} perPage={50} title="Events (the audit log)">
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="id" label="Position" />
        <DataTable.Col source="occurredAt" label="When">
          <SiteDateField source="occurredAt" />
        </DataTable.Col>
        <DataTable.Col source="words" label="What" disableSort />
        <DataTable.Col source="actorName" label="Who" disableSort />
        <DataTable.Col source="streamId" label="Record" disableSort>
          <RecordLink />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function EventTitle() {
  const event = useRecordContext<AdminEventAnswer>();
  return <span>{event ? `Event ${event.id}: ${event.words}` : 'Event'}</span>;
}

function EventShow() {
  return (
    <Show title={<EventTitle />}>
      <SimpleShowLayout>
        <TextField source="id" label="Position" />
        <TextField source="words" label="What" />
        <TextField source="type" />
        <TextField source="actorName" label="Who" />
        <TextField source="actor" label="Actor id" />
        <SiteDateField source="occurredAt" label="When" />
        <FunctionField label="Record" render={() => <RecordLink />} />
        <TextField source="revision" label="Revision of its stream" />
        <TextField source="correlationId" label="Correlation" />
        <TextField source="causationId" label="Caused by" emptyText="—" />
        <FunctionField
          label="Data (personal fields stay sealed)"
          render={(event: AdminEventAnswer & { data?: unknown }) => (
            <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: '0.85rem' }}>
              {JSON.stringify(event.data, null, 2)}
            </Typography>
          )}
        />
      </SimpleShowLayout>
    </Show>
  );
}

export default { list: EventList, show: EventShow, icon: HistoryIcon, options: { label: 'Events' } } satisfies ResourceModule;
