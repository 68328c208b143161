import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import {
  Alert,
  Button as MuiButton,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useId, useState } from 'react';
import { Button, useGetList, useNotify, useRecordContext, useUpdate } from 'react-admin';
import type { AdminUserAnswer } from '@epos/schemas/admin/users';
import type { AdminBlogAnswer } from '@epos/schemas/admin/blogs';

/** The roles the server knows (schemas/src/accounts/events.ts), in words. */
export const ROLE_CHOICES = [
  { id: 'user', name: 'User' },
  { id: 'blogger', name: 'Blogger' },
  { id: 'admin', name: 'Administrator' },
] as const;

/** The server's refusal, as it words it (the spec's 'Select user role', …), else the spec's failure message. */
const refusalOf = (error: unknown) => (error instanceof Error && error.message !== '' ? error.message : 'An error occured');

/**
 * The spec's user modal: one role (radio) and the blogs (checkboxes), saved together. The server applies
 * the site's rules; its refusals ('Select user role', 'User with role user cannot be assigned any blog',
 * 'At least one blog is to assigned to blogger') show in the modal, which stays open to fix the choice.
 */
export function AssignRoleButton() {
  const user = useRecordContext<AdminUserAnswer>();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <Button label="Assign role" onClick={() => setOpen(true)}>
        <ManageAccountsIcon />
      </Button>
      {open ? <RoleModal user={user} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function RoleModal({ user, onClose }: { user: AdminUserAnswer; onClose: () => void }) {
  const titleId = useId();
  const refusalId = useId();
  const notify = useNotify();
  const [role, setRole] = useState<AdminUserAnswer['role']>(user.role);
  const [blogs, setBlogs] = useState<readonly string[]>(user.blogs);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [update, { isPending }] = useUpdate<AdminUserAnswer>();
  const { data: allBlogs = [], isPending: loadingBlogs } = useGetList<AdminBlogAnswer>('blogs', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'title', order: 'ASC' },
  });

  const toggleBlog = (blog: string, on: boolean) => setBlogs((chosen) => (on ? [...chosen, blog] : chosen.filter((b) => b !== blog)));
  const save = () => {
    setRefusal(null);
    void update(
      'users',
      { id: user.id, data: { role, blogs: [...blogs], version: user.version }, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: (saved) => {
          notify(`${saved.name} is now ${ROLE_CHOICES.find((r) => r.id === saved.role)?.name.toLowerCase() ?? saved.role}`, { type: 'success' });
          onClose();
        },
        onError: (error) => setRefusal(refusalOf(error)),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={refusal === null ? undefined : refusalId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Assign a role to {user.name}</DialogTitle>
      <DialogContent dividers sx={{ maxHeight: '70vh' }}>
        <FormControl component="fieldset" sx={{ mb: 2 }}>
          <FormLabel component="legend">User role</FormLabel>
          <RadioGroup name="role" value={role} onChange={(event) => setRole(ROLE_CHOICES.find((choice) => choice.id === event.target.value)?.id ?? role)}>
            {ROLE_CHOICES.map((choice) => (
              <FormControlLabel key={choice.id} value={choice.id} control={<Radio />} label={choice.name} />
            ))}
          </RadioGroup>
        </FormControl>
        <FormControl component="fieldset">
          <FormLabel component="legend">Blogs</FormLabel>
          <FormGroup>
            {loadingBlogs ? <span>Loading the blogs…</span> : null}
            {allBlogs.map((blog) => (
              <FormControlLabel
                key={blog.id}
                control={<Checkbox checked={blogs.includes(blog.id)} onChange={(event) => toggleBlog(blog.id, event.target.checked)} />}
                label={blog.archived ? `${blog.title} (archived)` : blog.title}
              />
            ))}
          </FormGroup>
        </FormControl>
        {refusal === null ? null : (
          <Alert id={refusalId} severity="error" role="alert" sx={{ mt: 2 }}>
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>Cancel</MuiButton>
        <MuiButton variant="contained" onClick={save} disabled={isPending}>
          Save
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
