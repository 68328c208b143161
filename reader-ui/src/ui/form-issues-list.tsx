import type { Issue } from './form-issues';
import './ui.css';

/**
 * The form's validation messages, each once, in an alert region that is always
 * present so a new message is announced; fields point at their message by id.
 */
export function FormIssues({ issues, issueId }: { issues: readonly Issue[]; issueId: (index: number) => string }) {
  return (
    <div role="alert" className="form-issues">
      {issues.length > 0 && (
        <ul>
          {issues.map((issue, index) => (
            <li key={issue.message} id={issueId(index)}>
              {issue.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
