import LinkIcon from '@mui/icons-material/Link';
import { Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput,
  DataTable,
  Edit,
  List,
  NumberInput,
  SearchInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  required,
  useRecordContext,
} from 'react-admin';
import type { ResourceModule } from '../resources';
import { SaveOnlyToolbar } from '../sentences/save-only-toolbar';
import { colourClasses, RELATION_COLOURS } from './colours';

interface Relation {
  Snumber: number;
  SText: string;
  Enumber: number;
}
interface Relations {
  id: number;
  number: number | null;
  firstWords: string;
  text: string;
  relations: Relation[];
  version: string;
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NumberInput key="number" source="number" label="Sentence number" />,
  <NumberInput key="book" source="book" />,
  <NumberInput key="canto" source="canto" />,
];

function RelationList() {
  return (
    <List filters={filters} sort={{ field: 'number', order: 'ASC' }} perPage={25} title="Word relations">
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="number" label="Number" />
        <DataTable.Col source="firstWords" label="First words" disableSort />
        <DataTable.Col source="relations" label="Relations" disableSort>
          <RelationCount />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

function RelationCount() {
  const record = useRecordContext<Relations>();
  return <span>{record?.relations.length ?? 0}</span>;
}

/** Colour and underline style together, so colour is never the only cue (as in the reader). */
const UNDERLINES = ['solid', 'double', 'dotted', 'dashed', 'wavy'] as const;
const look = (colour: number) => ({
  color: `hsl(${Math.round(((colour - 1) * 360) / RELATION_COLOURS)}, 70%, 25%)`,
  textDecorationLine: 'underline',
  textDecorationStyle: UNDERLINES[(colour - 1) % UNDERLINES.length],
  textDecorationThickness: `${Math.floor((colour - 1) / UNDERLINES.length) + 1}px`,
  fontWeight: 600,
});

/** The English first edition with each related word shown in its colour class, as the form stands. */
function Preview() {
  const record = useRecordContext<Relations>();
  const relations = (useWatch({ name: 'relations' }) as Relation[] | undefined) ?? [];
  const colours = colourClasses(relations.filter((r) => r && Number.isInteger(r.Snumber)));
  const byWord = new Map<number, number>();
  relations.forEach((r) => {
    if (r && Number.isInteger(r.Enumber) && !byWord.has(r.Enumber)) byWord.set(r.Enumber, colours.get(r.Snumber) ?? 0);
  });
  const words = (record?.text ?? '').split(/\s+/).filter(Boolean);
  return (
    <Box component="section" aria-labelledby="preview-title" sx={{ mb: 2 }}>
      <Typography id="preview-title" component="h2" variant="subtitle1">
        Preview (English words by number, from 0)
      </Typography>
      <p>
        {words.map((word, i) => {
          const colour = byWord.get(i);
          return (
            <span key={i}>
              {colour ? (
                <span style={look(colour)} title={`word ${i}, colour ${colour}`}>
                  {word}
                </span>
              ) : (
                word
              )}{' '}
            </span>
          );
        })}
      </p>
    </Box>
  );
}

const Title = () => {
  const record = useRecordContext<Relations>();
  return <span>Word relations of sentence {record?.number ?? record?.id}</span>;
};

function RelationEdit() {
  return (
    <Edit mutationMode="pessimistic" title={<Title />} redirect={false}>
      <SimpleForm toolbar={<SaveOnlyToolbar />}>
        <Preview />
        <ArrayInput source="relations" label="Relations (Snumber, SText, Enumber)">
          <SimpleFormIterator inline>
            <NumberInput source="Snumber" label="Snumber" min={0} step={1} validate={required()} />
            <TextInput source="SText" label="SText" validate={required()} />
            <NumberInput source="Enumber" label="Enumber" min={0} step={1} validate={required()} />
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleForm>
    </Edit>
  );
}

export default { list: RelationList, edit: RelationEdit, icon: LinkIcon } satisfies ResourceModule;
