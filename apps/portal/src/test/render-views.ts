/**
 * The build's render of every prerendered document (vite-prerender.ts, `renderViews`), run by
 * src/app/prerender.test.tsx as a Node process of its own, as the build runs it: in Node, with no
 * page. (React's server renderer and the browser's cannot share one process: the server renderer
 * leaves its last context values behind, which the browser's would read.) Prints the views as JSON.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderViews } from '../../vite-prerender.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rendered = await renderViews(root);
process.stdout.write(JSON.stringify(rendered.map(({ locale, views }) => ({ locale, views }))));
