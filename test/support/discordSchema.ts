import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Discord's own description of what executing a webhook accepts (test/fixtures/discord/
 * executeWebhook.schema.json, from discord/discord-api-spec), as a validator: a message the relay
 * posts must be one Discord takes, every URL well-formed (format "uri").
 */
const schema = JSON.parse(
  readFileSync(new URL('../fixtures/discord/executeWebhook.schema.json', import.meta.url), 'utf8'),
);
const ajv = new Ajv2020({ allErrors: true, strict: false });
(addFormats as unknown as (instance: Ajv2020) => void)(ajv);
// Discord's ids: decimal strings.
ajv.addFormat('snowflake', /^(0|[1-9][0-9]*)$/);
const validate = ajv.compile(schema);

/** What in `message` Discord's schema refuses, as "<path> <why>" lines; none when it accepts it. */
export const discordSchemaErrors = (message: unknown): string[] =>
  validate(message) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
