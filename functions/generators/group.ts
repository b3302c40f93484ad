import { defineGroup, IMAGE_GROUP } from '../../shared/runtime/groupManifest';

export default defineGroup({ name: 'generators', tag: 'Meme scenes', ...IMAGE_GROUP });
