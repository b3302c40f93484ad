import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { groupTags } from '../../functions/groups';
import { openApiText } from '../../shared/openapi/document';

/** `npm run openapi` (and `npm run synth`): writes the OpenAPI document of the route table to docs/openapi.json. */
const file = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));
writeFileSync(file, openApiText(groupTags()));
console.log(`wrote ${file}`);
