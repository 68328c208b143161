import DescriptionIcon from '@mui/icons-material/Description';
import { Link as MuiLink, Stack } from '@mui/material';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  AutocompleteInput,
  Button,
  Create,
  DataTable,
  Edit,
  FormDataConsumer,
  List,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TabbedForm,
  TextInput,
  required,
  useNotify,
  useRecordContext,
} from 'react-admin';
import type { AdminPageAnswer } from '@epos/schemas/admin/pages';
import type { ResourceModule } from '../resources';
import { HistoryTab } from '../history/history-tab';
import { SaveAndDeleteToolbar } from './edit-toolbar';
import { adminFetch } from '../app/data-provider';
import { SiteDateField } from '../app/site-date';

/** schemas/src/library/events.ts's pageCategories: Menu pages have a priority, Non-Menu pages a parent. */
const CATEGORIES = [
  { id: 'Main menu', name: 'Main menu' },
  { id: 'Footer', name: 'Footer' },
  { id: 'Non-Menu', name: 'Non-Menu' },
];

const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="category" source="category" choices={CATEGORIES} />];

function PageList() {
  return (
    <List filters={filters} sort={{ field: 'updated_at', order: 'DESC' }} title="Library pages">
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="url" label="Path" />
        <DataTable.Col source="category" />
        <DataTable.Col source="priority" />
        <DataTable.Col source="updated_at" label="Changed">
          <SiteDateField source="updated_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** Fills the permalink from the name (POST /postdata/generatePermalink, the site editor's button). */
function GeneratePermalink() {
  const { getValues, setValue } = useFormContext<{ name?: string; permalink?: string }>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const generate = async () => {
    setBusy(true);
    try {
      const { json } = await adminFetch('/postdata/generatePermalink', { method: 'POST', body: JSON.stringify({ name: getValues('name') ?? '' }) });
      const answer = json as { permalink: string; message: string };
      setValue('permalink', answer.permalink, { shouldDirty: true, shouldValidate: true });
      notify(answer.message, { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'An error Occured', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return <Button label="Generate" disabled={busy} onClick={() => void generate()} sx={{ mb: 2.5 }} />;
}

/** The spec's page form: Non-Menu shows the parent selector, the menu categories show priority. */
function PageInputs() {
  return (
    <>
      <TextInput source="name" validate={required('name: a page needs a name')} fullWidth />
      <TextInput
        source="url"
        label="Path"
        validate={required('url: a page needs a url, such as /about')}
        helperText="Such as /about or /about/the-poet; changing it moves the page (the old path redirects)"
        fullWidth
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%' }}>
        <TextInput
          source="permalink"
          validate={required('permalink: a page needs a permalink')}
          helperText="Lower-case letters, digits and single hyphens"
          sx={{ flex: 1 }}
        />
        <GeneratePermalink />
      </Stack>
      <SelectInput source="category" choices={CATEGORIES} validate={required()} />
      <FormDataConsumer<AdminPageAnswer>>
        {({ formData }) =>
          formData.category === 'Non-Menu' ? (
            <ReferenceInput source="parent" reference="pages" sort={{ field: 'name', order: 'ASC' }} perPage={100}>
              <AutocompleteInput
                label="Parent page"
                optionText="name"
                filterToQuery={(q: string) => ({ q })}
                helperText="The page it hangs under (not itself)"
              />
            </ReferenceInput>
          ) : (
            <NumberInput
              source="priority"
              min={0}
              step={1}
              validate={required('priority: a menu page needs a priority')}
              helperText="Lower comes first in the menu"
            />
          )
        }
      </FormDataConsumer>
      <TextInput source="md_content" label="Content (markdown)" validate={required('md_content: a page needs content')} multiline minRows={20} fullWidth />
    </>
  );
}

/** Only what the page's category uses: a parent for Non-Menu, a priority for the menus. */
const byCategory = (data: Partial<AdminPageAnswer>) => (data.category === 'Non-Menu' ? { ...data, priority: null } : { ...data, parent: null });

function PageTitle() {
  const page = useRecordContext<AdminPageAnswer>();
  return <span>{page ? `Page “${page.name}”` : 'Page'}</span>;
}

function OpenOnSite() {
  const page = useRecordContext<AdminPageAnswer>();
  if (!page) return null;
  return (
    <MuiLink href={page.url} target="_blank" rel="noopener">
      Open {page.url} on the site
    </MuiLink>
  );
}

function PageHistory() {
  const page = useRecordContext<AdminPageAnswer>();
  return page ? <HistoryTab streamId={`page-${page.id}`} restore={{ resource: 'pages', id: page.id }} /> : null;
}

/** Saves a new revision (`revision` rides along, so a stale form answers 409); a new path moves the page. */
function PageEdit() {
  return (
    <Edit mutationMode="pessimistic" title={<PageTitle />} redirect={false} transform={byCategory}>
      <TabbedForm toolbar={<SaveAndDeleteToolbar confirmTitle="Delete this page?" confirmContent="Its path stays reserved to it; its history is kept." />}>
        <TabbedForm.Tab label="Page">
          <OpenOnSite />
          <PageInputs />
        </TabbedForm.Tab>
        <TabbedForm.Tab label="History" path="history">
          <PageHistory />
        </TabbedForm.Tab>
      </TabbedForm>
    </Edit>
  );
}

function PageCreate() {
  return (
    <Create redirect="edit" transform={byCategory}>
      <SimpleForm defaultValues={{ category: 'Main menu', priority: 1 }}>
        <PageInputs />
      </SimpleForm>
    </Create>
  );
}

export default {
  list: PageList,
  edit: PageEdit,
  create: PageCreate,
  icon: DescriptionIcon,
  recordRepresentation: 'name',
  options: { label: 'Library pages' },
} satisfies ResourceModule;
