// Velite build of the generated bench articles, with the fields of our Article model
// (tools/contenu/models/article.py) and the Markdown body compiled to HTML, so that the
// bench compares the same work as `contenu build`. BENCH_ARTICLES is the folder of the
// generated articles, BENCH_OUT a scratch output folder (both set by tests/bench/peers.py).
import { defineCollection, defineConfig, s } from 'velite'

const articlesDir = process.env.BENCH_ARTICLES
const outDir = process.env.BENCH_OUT
if (!articlesDir || !outDir) throw new Error('BENCH_ARTICLES and BENCH_OUT must be set')

const articles = defineCollection({
  name: 'Article',
  pattern: '*.md',
  schema: s.object({
    slug: s.path(),
    title: s.string().max(110),
    excerpt: s.string().max(300),
    date: s.isodate(),
    category: s.string(),
    readTime: s.number().int().min(1).max(120).optional(),
    draft: s.boolean().default(false),
    publishDate: s.isodate().optional(),
    image: s.object({ src: s.string(), alt: s.string() }).optional(),
    keywords: s.array(s.string()).optional(),
    html: s.markdown(),
  }).strict(),
})

export default defineConfig({
  root: articlesDir,
  output: { data: outDir, assets: `${outDir}/static`, base: '/static/', clean: true },
  collections: { articles },
})
