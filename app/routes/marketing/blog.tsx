import { Link, useActionData } from "react-router";
import type { Route } from "./+types/blog";
import { NewsletterForm } from "~/components/marketing/newsletter-form";
import { PageHeader, Section } from "~/components/marketing/sections";
import { formPageHeaders, marketingMeta } from "~/components/marketing/seo";
import { formatContentDate } from "~/content/format";
import { POSTS, type BlogPost } from "~/content/posts";
import { newsletterAction } from "./newsletter-action.server";

export const meta: Route.MetaFunction = (args) =>
  marketingMeta(args, {
    title: "Blog",
    description: "Articles on AI in recruitment, inclusive hiring practices and remote hiring strategies from the OpenHire team.",
  });

export const headers = formPageHeaders;

export function loader() {
  return { posts: POSTS.map(({ content: _content, ...summary }) => summary) };
}

export function action(args: Route.ActionArgs) {
  return newsletterAction(args, "/blog");
}

type PostSummary = Omit<BlogPost, "content">;

function PostMeta({ post }: { post: PostSummary }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
      <span className="font-medium text-slate-800">{post.author}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={post.date}>{formatContentDate(post.date)}</time>
      <span aria-hidden="true">·</span>
      <span>{post.readTime} min read</span>
    </p>
  );
}

function ReadMore({ post }: { post: PostSummary }) {
  return (
    <Link to={`/blog/${post.id}`} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800">
      Read more<span className="sr-only"> about {post.title}</span> <span aria-hidden="true">→</span>
    </Link>
  );
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const [featured, ...others] = loaderData.posts;
  return (
    <>
      <PageHeader eyebrow="Blog" title="Insights for modern hiring teams" lead="Practical ideas on recruiting, AI and building great teams, from the people who build OpenHire." />
      <Section>
        {featured ? (
          <article className="grid overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm lg:grid-cols-2">
            <img
              src={featured.image.src}
              alt={featured.image.alt}
              width={featured.image.width}
              height={featured.image.height}
              className="aspect-[40/21] h-full w-full object-cover"
              fetchPriority="high"
            />
            <div className="flex flex-col justify-center p-6 sm:p-10">
              <p className="text-xs font-semibold uppercase tracking-wider text-brand-700">Featured · {featured.category}</p>
              <h2 className="mt-3 text-2xl font-bold tracking-tight text-slate-950 sm:text-3xl">
                <Link to={`/blog/${featured.id}`} className="hover:text-brand-800">
                  {featured.title}
                </Link>
              </h2>
              <p className="mt-4 text-base leading-7 text-slate-600">{featured.excerpt}</p>
              <div className="mt-6">
                <PostMeta post={featured} />
              </div>
              <div className="mt-6">
                <ReadMore post={featured} />
              </div>
            </div>
          </article>
        ) : null}
        <div className="mt-10 grid gap-8 md:grid-cols-2">
          {others.map((post) => (
            <article key={post.id} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <img
                src={post.image.src}
                alt={post.image.alt}
                width={post.image.width}
                height={post.image.height}
                loading="lazy"
                className="aspect-[40/21] w-full object-cover"
              />
              <div className="flex flex-1 flex-col p-6">
                <p className="text-xs font-semibold uppercase tracking-wider text-brand-700">{post.category}</p>
                <h2 className="mt-2 text-xl font-semibold text-slate-950">
                  <Link to={`/blog/${post.id}`} className="hover:text-brand-800">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-3 flex-1 text-sm leading-6 text-slate-600">{post.excerpt}</p>
                <div className="mt-5">
                  <PostMeta post={post} />
                </div>
                <div className="mt-4">
                  <ReadMore post={post} />
                </div>
              </div>
            </article>
          ))}
        </div>
      </Section>
      <section className="bg-white">
        <div className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
          <NewsletterForm source="/blog" result={result} tone="dark" title="Subscribe to our newsletter" />
        </div>
      </section>
    </>
  );
}
