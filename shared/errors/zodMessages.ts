import { en } from 'zod/locales';
import * as z from 'zod/mini';

/**
 * zod/mini loads no locale, so its own messages would read just "Invalid input". Imported for this
 * side effect wherever issues reach a caller (the validator's 400s, a provider's payload refusal),
 * so they keep the English of zod's classic build: "Invalid input: expected string, received number".
 */
z.config(en());
