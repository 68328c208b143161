import { Link } from 'wouter';
import { servedAt } from '../ui/server-answers';
import { usePageTitle } from '../ui/use-page-title';
import { Loading } from '../ui/loading';
import { blogApi, fetchBlogs, type BlogListEntry } from './api';
import { countLabel } from '../ui/count-label';
import { useLoad } from '../ui/use-load';
import { BlogProblem, PostDate } from './parts';
import { blogPaths } from './paths';

/** `/blogs`: every blog, with its description, number of posts and latest post's date. */
export function BlogsPage() {
  usePageTitle('Blogs');
  const result = useLoad('blogs', fetchBlogs, 0, servedAt<readonly BlogListEntry[]>(blogApi.blogs));
  return (
    <section className="blogs-page" aria-labelledby="blogs-heading">
      <h1 id="blogs-heading">Blogs</h1>
      {result === null ? (
        <Loading />
      ) : !result.ok ? (
        <BlogProblem message={result.message} />
      ) : (
        <ul className="blog-cards">
          {result.data.map((blog) => (
            <li key={blog.slug} className="blog-card" data-testid="blog-item">
              <h2 className="blog-card-title">
                <Link href={blogPaths.blog(blog.slug)}>{blog.title}</Link>
              </h2>
              {blog.description ? <p className="blog-card-description">{blog.description}</p> : null}
              <p className="post-meta">
                <span className="post-meta-part">{countLabel(blog.postCount, 'post')}</span>
                {blog.lastPublished ? (
                  <span className="post-meta-part">
                    <PostDate value={blog.lastPublished} prefix="Latest " />
                  </span>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
