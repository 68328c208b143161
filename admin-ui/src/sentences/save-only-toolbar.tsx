import { SaveButton, Toolbar } from 'react-admin';

/** A form toolbar without Delete: poem records are changed, never deleted, from the console. */
export function SaveOnlyToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}
