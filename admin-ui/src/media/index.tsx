import PermMediaIcon from '@mui/icons-material/PermMedia';
import { Box, Typography } from '@mui/material';
import {
  DataTable,
  DeleteButton,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  Show,
  ShowButton,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import type { AdminMediaAnswer } from '@epos/schemas/media/payloads';
import type { ResourceModule } from '../resources';
import { HistoryTab } from '../history/history-tab';
import { AttachPanel, UsesPanel } from './attach-panel';
import { UploadPanel } from './upload-panel';
import { SiteDateField } from '../app/site-date';

const KINDS = [
  { id: 'image', name: 'Images' },
  { id: 'audio', name: 'Audio' },
];
const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="kind" source="kind" label="Kind" choices={KINDS} alwaysOn />];

/** A thumbnail for images (its web size or the original until the thumbnail is made), a player for audio. */
function Preview({ large = false }: { large?: boolean }) {
  const media = useRecordContext<AdminMediaAnswer>();
  if (!media) return null;
  if (media.kind === 'audio')
    return large ? <audio controls src={media.url} aria-label={`Play ${media.originalName}`} /> : <Typography variant="body2">Audio</Typography>;
  const src = large ? (media.webUrl ?? media.url) : (media.thumbUrl ?? media.url);
  return (
    <Box
      component="img"
      src={src}
      alt={media.originalName}
      loading="lazy"
      sx={large ? { maxWidth: '100%', maxHeight: 480 } : { width: 64, height: 48, objectFit: 'cover', display: 'block' }}
    />
  );
}

const kib = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.round(bytes / 102.4) / 10} KB` : `${Math.round(bytes / 104857.6) / 10} MB`);

function Size() {
  const media = useRecordContext<AdminMediaAnswer>();
  return media ? <span>{kib(media.size)}</span> : null;
}

function MediaList() {
  return (
    <List filters={filters} filterDefaultValues={{ kind: 'image' }} sort={{ field: 'uploadedAt', order: 'DESC' }} title="Media library">
      <UploadPanel />
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col label="Preview" disableSort>
          <Preview />
        </DataTable.Col>
        <DataTable.Col source="originalName" label="Name" />
        <DataTable.Col source="kind" />
        <DataTable.Col source="size">
          <Size />
        </DataTable.Col>
        <DataTable.Col source="useCount" label="Shown in" disableSort>
          <NumberField source="useCount" />
        </DataTable.Col>
        <DataTable.Col source="uploadedAt" label="Uploaded">
          <SiteDateField source="uploadedAt" />
        </DataTable.Col>
        {/* A row opens on click; the button is the same for the keyboard. */}
        <DataTable.Col label="" disableSort>
          <ShowButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function MediaTitle() {
  const media = useRecordContext<AdminMediaAnswer>();
  return <span>{media ? `Media “${media.originalName}”` : 'Media'}</span>;
}

function Dimensions() {
  const media = useRecordContext<AdminMediaAnswer>();
  if (!media) return null;
  if (media.width && media.height) return <span>{`${media.width} × ${media.height} px`}</span>;
  return <span>{media.durationSeconds !== null ? `${media.durationSeconds} s` : '—'}</span>;
}

function MediaHistory() {
  const media = useRecordContext<AdminMediaAnswer>();
  return media ? <HistoryTab streamId={`media-${media.id}`} /> : null;
}

function ShowActions() {
  return (
    <TopToolbar>
      <DeleteButton
        mutationMode="pessimistic"
        confirmTitle="Remove this file from the library?"
        confirmContent="Only a file shown nowhere can be removed; its history is kept."
      />
    </TopToolbar>
  );
}

function MediaShow() {
  return (
    <Show title={<MediaTitle />} actions={<ShowActions />}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="File">
          <Preview large />
          <TextField source="originalName" label="Name" />
          <TextField source="mime" label="Type" />
          <Size />
          <Dimensions />
          <TextField source="url" label="Address" />
          <SiteDateField source="uploadedAt" label="Uploaded" />
          <UsesPanel />
          <AttachPanel />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="History" path="history">
          <MediaHistory />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}

export default {
  list: MediaList,
  show: MediaShow,
  icon: PermMediaIcon,
  recordRepresentation: 'originalName',
  options: { label: 'Media' },
} satisfies ResourceModule;
