// `npm run build` step: writes the migrated PGlite template (see template.ts).
import { defaultTemplateDir, ensureTemplate, templateFile } from './template.js';

await ensureTemplate(defaultTemplateDir);
console.log(`Database template ready: ${templateFile(defaultTemplateDir)}`);
