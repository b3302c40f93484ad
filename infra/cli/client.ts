import { clientSources, ROOT } from '../client/clientSources';
import { writeGenerated } from './writeGenerated';

/** `npm run client`: regenerates the client package's types and methods (client/src/generated) from the API. */
writeGenerated(ROOT, await clientSources());
