import { pageScripts, ROOT } from '../pages/pageScripts';
import { writeGenerated } from './writeGenerated';

/** `npm run pages` (and start, test, synth): bundles the pages' scripts into their generated modules. */
writeGenerated(ROOT, await pageScripts());
