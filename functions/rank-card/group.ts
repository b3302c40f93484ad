import { defineGroup, IMAGE_GROUP } from '../../shared/runtime/groupManifest';

export default defineGroup({ name: 'rank-card', tag: 'Rank cards for levelling bots', ...IMAGE_GROUP });
