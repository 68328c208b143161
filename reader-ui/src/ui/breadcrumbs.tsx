import { Link } from 'wouter';

/** "Blogs › Poetry notes" above a page of a blog. */
export function Breadcrumbs({ items }: { items: readonly { readonly href: string; readonly label: string }[] }) {
  return (
    <nav className="blog-breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {items.map((item) => (
          <li key={item.href}>
            <Link href={item.href}>{item.label}</Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
