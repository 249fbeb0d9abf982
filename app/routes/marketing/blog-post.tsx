import { data, Link } from "react-router";
import type { Route } from "./+types/blog-post";
import { Icon } from "~/components/marketing/icon";
import { marketingMeta, staticPageHeaders } from "~/components/marketing/seo";
import { formatContentDate } from "~/content/format";
import { findPost, postParagraphs } from "~/content/posts";

export const headers = staticPageHeaders;

export function loader({ params }: Route.LoaderArgs) {
  const post = findPost(params.id);
  if (!post) return data({ post: null }, { status: 404, headers: { "Cache-Control": "no-store" } });
  return { post: { ...post, paragraphs: postParagraphs(post), content: undefined } };
}

export const meta: Route.MetaFunction = (args) => {
  const post = args.loaderData?.post;
  if (!post) return marketingMeta(args, { title: "Post not found", description: "The blog post you're looking for doesn't exist.", noIndex: true });
  return marketingMeta(args, { title: post.title, description: post.excerpt, type: "article" });
};

function BackToBlog() {
  return (
    <Link to="/blog" className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:text-brand-800">
      <Icon name="arrowLeft" className="size-4" /> Back to blog
    </Link>
  );
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  if (!post) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <p className="text-sm font-semibold text-brand-700">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl">Post not found</h1>
        <p className="mt-4 text-slate-600">The blog post you&apos;re looking for doesn&apos;t exist.</p>
        <div className="mt-8">
          <BackToBlog />
        </div>
      </section>
    );
  }
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <BackToBlog />
      <p className="mt-8 text-xs font-semibold uppercase tracking-wider text-brand-700">{post.category}</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-950 sm:text-5xl">{post.title}</h1>
      <p className="mt-6 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
        <span>
          By <span className="font-semibold text-slate-800">{post.author}</span>
        </span>
        <span aria-hidden="true">·</span>
        <time dateTime={post.date}>{formatContentDate(post.date)}</time>
        <span aria-hidden="true">·</span>
        <span>{post.readTime} min read</span>
      </p>
      <img
        src={post.image.src}
        alt={post.image.alt}
        width={post.image.width}
        height={post.image.height}
        fetchPriority="high"
        className="mt-10 aspect-[40/21] w-full rounded-2xl object-cover ring-1 ring-slate-200"
      />
      <div className="mt-10 space-y-6 text-lg leading-8 text-slate-700">
        {post.paragraphs.map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
      </div>
      <div className="mt-12 border-t border-slate-200 pt-8">
        <BackToBlog />
      </div>
    </article>
  );
}
