import { defineGroup, IMAGE_GROUP } from '../../shared/runtime/groupManifest';

export default defineGroup({ name: 'overlays', tag: 'Pictures with something drawn over them', ...IMAGE_GROUP });
