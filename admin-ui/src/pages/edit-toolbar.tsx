import { red } from '@mui/material/colors';
import { DeleteWithConfirmButton, SaveButton, Toolbar } from 'react-admin';

/**
 * Save, and Delete after a confirmation (the library's pages, authors and books). The error red is
 * too light on the toolbar's grey (axe: colour contrast); its darkest shade is not.
 */
export function SaveAndDeleteToolbar({ confirmTitle, confirmContent }: { confirmTitle: string; confirmContent: string }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton mutationMode="pessimistic" sx={{ color: red[900] }} confirmTitle={confirmTitle} confirmContent={confirmContent} />
    </Toolbar>
  );
}
