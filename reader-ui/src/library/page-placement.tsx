import type { EditorForm } from '../ui/editor/use-editor-form';
import { FormField, RequiredMark } from '../ui/form-field';
import type { PageEntry } from './api';
import { PAGE_CATEGORIES, showsParent, type PageField, type PageFormValues } from './page-form-model';

/** Where a page stands: its category, then its parent page (Non-Menu) or its place in the menu (the Menu categories). */
export function PagePlacement({ form, parents }: { form: EditorForm<PageFormValues, PageField>; parents: readonly PageEntry[] }) {
  const { values, set, binding, fieldId } = form;
  const categoryValid = binding('category');
  const parentValid = binding('parent');
  return (
    <>
      <div className="field">
        <label htmlFor={fieldId('category')}>
          Category
          <RequiredMark />
        </label>
        <select
          id={fieldId('category')}
          className="input"
          value={values.category}
          onChange={(e) => set('category', e.currentTarget.value as PageFormValues['category'])}
          aria-invalid={categoryValid.invalid || undefined}
          aria-describedby={categoryValid.describedBy}
          data-testid="page-category"
        >
          {PAGE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>

      {showsParent(values.category) ? (
        <div className="field">
          <label htmlFor={fieldId('parent')}>Parent page</label>
          <select
            id={fieldId('parent')}
            className="input"
            value={values.parent}
            onChange={(e) => set('parent', e.currentTarget.value)}
            aria-invalid={parentValid.invalid || undefined}
            aria-describedby={parentValid.describedBy}
            data-testid="page-parent"
          >
            <option value="">No parent</option>
            {parents.map((p) => (
              <option key={p.pageid} value={p.pageid}>
                {p.name} ({p.url})
              </option>
            ))}
          </select>
        </div>
      ) : (
        <FormField
          id={fieldId('priority')}
          label="Priority"
          value={values.priority}
          onValueChange={(v) => set('priority', v)}
          inputMode="numeric"
          maxLength={4}
          hint="Lower numbers come first in the menu"
          data-testid="page-priority"
          {...binding('priority')}
        />
      )}
    </>
  );
}
