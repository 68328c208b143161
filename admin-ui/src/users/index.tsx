import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LogoutIcon from '@mui/icons-material/Logout';
import PeopleIcon from '@mui/icons-material/People';
import SendIcon from '@mui/icons-material/Send';
import { red } from '@mui/material/colors';
import {
  BooleanField,
  BooleanInput,
  Button,
  Confirm,
  DataTable,
  DeleteWithConfirmButton,
  ExportButton,
  FilterButton,
  FunctionField,
  List,
  ReferenceInput,
  ReferenceManyField,
  SearchInput,
  SelectInput,
  Show,
  TabbedShowLayout,
  TextField,
  TopToolbar,
  Pagination,
  useNotify,
  useRecordContext,
  useUpdate,
} from 'react-admin';
import { useState } from 'react';
import type { AdminUserAnswer } from '@epos/schemas/admin/users';
import type { ResourceModule } from '../resources';
import { HistoryTab } from '../history/history-tab';
import { ADMIN_API_URL, adminFetch } from '../app/data-provider';
import { AssignRoleButton, ROLE_CHOICES } from './role-modal';
import { SiteDateField } from '../app/site-date';

const ROLES = ROLE_CHOICES.map(({ id, name }) => ({ id, name }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={ROLES} />,
  <BooleanInput key="locked" source="locked" label="Locked" />,
  <ReferenceInput key="blog" source="blog" reference="blogs">
    <SelectInput optionText="title" label="Blog" />
  </ReferenceInput>,
];

const blogsOf = (user: AdminUserAnswer) => (user.blogs.length > 0 ? user.blogs.join(', ') : '—');

/** A console call answered with a message, told as a notice; `busy` while it runs. */
function useConsoleCall() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const call = async (url: string, method: 'POST' | 'DELETE') => {
    setBusy(true);
    try {
      const { json } = await adminFetch(url, { method, body: '{}' });
      notify((json as { message: string }).message, { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'An error Occured', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, call };
}

/** Ends every session on the site but the administrator's own (a stolen key, a leak): everyone signs in again. */
function EndEverySession() {
  const { busy, call } = useConsoleCall();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button label="End every session" disabled={busy} onClick={() => setAsking(true)}>
        <LogoutIcon />
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title="End every session?"
        content="Everyone but you is signed out at once, their open pages included, and signs in again."
        onConfirm={() => void call(`${ADMIN_API_URL}/sessions`, 'DELETE').finally(() => setAsking(false))}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

function UserList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'registeredAt', order: 'DESC' }}
      title="Users"
      actions={
        <TopToolbar>
          <FilterButton />
          <ExportButton />
          <EndEverySession />
        </TopToolbar>
      }
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="userName" label="User name" />
        <DataTable.Col source="email" />
        <DataTable.Col source="emailConfirmed" label="Email confirmed" disableSort>
          <BooleanField source="emailConfirmed" />
        </DataTable.Col>
        <DataTable.Col source="role" />
        <DataTable.Col source="blogs" disableSort>
          <FunctionField render={blogsOf} />
        </DataTable.Col>
        <DataTable.Col source="lastLogin" label="Last login">
          <SiteDateField source="lastLogin" emptyText="never" />
        </DataTable.Col>
        <DataTable.Col source="locked" disableSort>
          <BooleanField source="locked" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** Sends a new activation link to an unconfirmed account (the site's own "resend"). */
function ResendActivation() {
  const user = useRecordContext<AdminUserAnswer>();
  const { busy, call } = useConsoleCall();
  if (!user || user.emailConfirmed) return null;
  return (
    <Button label="Resend activation" disabled={busy} onClick={() => void call(`${ADMIN_API_URL}/users/${encodeURIComponent(user.id)}/activation`, 'POST')}>
      <SendIcon />
    </Button>
  );
}

/** Ends every session of the user: their open pages stop hearing, and they sign in again. */
function EndSessions() {
  const user = useRecordContext<AdminUserAnswer>();
  const { busy, call } = useConsoleCall();
  if (!user) return null;
  return (
    <Button label="End sessions" disabled={busy} onClick={() => void call(`${ADMIN_API_URL}/users/${encodeURIComponent(user.id)}/sessions`, 'DELETE')}>
      <LogoutIcon />
    </Button>
  );
}

/** Locks the account (its sessions end, logins are refused) or unlocks it. */
function LockButton() {
  const user = useRecordContext<AdminUserAnswer>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<AdminUserAnswer>();
  if (!user) return null;
  const toggle = () =>
    update(
      'users',
      { id: user.id, data: { locked: !user.locked, version: user.version }, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: (saved) => notify(saved.locked ? 'The account is locked' : 'The account is unlocked', { type: 'success' }),
        onError: (error) => notify(error instanceof Error ? error.message : 'An error Occured', { type: 'error' }),
      },
    );
  // An icon too: on phones react-admin's buttons show only their icon.
  return (
    <Button label={user.locked ? 'Unlock account' : 'Lock account'} disabled={isPending} onClick={() => void toggle()}>
      {user.locked ? <LockOpenIcon /> : <LockIcon />}
    </Button>
  );
}

function UserTitle() {
  const user = useRecordContext<AdminUserAnswer>();
  return <span>{user ? `User ${user.name}` : 'User'}</span>;
}

function UserHistory() {
  const user = useRecordContext<AdminUserAnswer>();
  return user ? <HistoryTab streamId={`user-${user.id}`} /> : null;
}

function UserShow() {
  return (
    <Show
      title={<UserTitle />}
      actions={
        <TopToolbar>
          <ResendActivation />
          <LockButton />
          <EndSessions />
          <AssignRoleButton />
          {/* The error red is too light on the toolbar's grey (axe: colour contrast); its darkest shade is not. */}
          <DeleteWithConfirmButton
            mutationMode="pessimistic"
            sx={{ color: red[900] }}
            confirmTitle="Delete this account?"
            confirmContent="Its personal data becomes unreadable everywhere. This cannot be undone."
          />
        </TopToolbar>
      }
    >
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="User">
          <TextField source="name" />
          <TextField source="userName" label="User name" />
          <TextField source="email" />
          <BooleanField source="emailConfirmed" label="Email confirmed" />
          <TextField source="role" />
          <FunctionField label="Blogs" render={blogsOf} />
          <SiteDateField source="lastLogin" label="Last login" emptyText="never" />
          <SiteDateField source="registeredAt" label="Registered" />
          <BooleanField source="locked" label="Locked" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Changes made" path="changes">
          <ReferenceManyField reference="events" target="actor" sort={{ field: 'id', order: 'DESC' }} perPage={25} pagination={<Pagination />}>
            <DataTable bulkActionButtons={false} rowClick="show" empty={<span>Nothing changed by this user yet.</span>}>
              <DataTable.Col source="occurredAt" label="When" disableSort>
                <SiteDateField source="occurredAt" />
              </DataTable.Col>
              <DataTable.Col source="words" label="What" disableSort />
              <DataTable.Col source="streamId" label="Record" disableSort />
            </DataTable>
          </ReferenceManyField>
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="History" path="history">
          <UserHistory />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}

export default { list: UserList, show: UserShow, icon: PeopleIcon, recordRepresentation: 'name' } satisfies ResourceModule;
