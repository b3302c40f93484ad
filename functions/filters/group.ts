import { defineGroup, IMAGE_GROUP } from '../../shared/runtime/groupManifest';

export default defineGroup({ name: 'filters', tag: 'Filters over a picture', ...IMAGE_GROUP });
