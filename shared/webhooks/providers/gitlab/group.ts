import { escapeMarkdown, type Embed } from '../../../discord/message';
import { COLORS } from '../../provider';
import { linked, pageOf, personOf, placeOf, spaced, titled } from './common';
import { colorOf, groupEvent } from './words';
import type { Payload } from './schemas';

/** A group's members, subgroups and projects, expiring access tokens and vulnerabilities. */

export const groupRenderers = {
  'Member Hook': (p: Payload<'Member Hook'>): Embed => {
    const what = groupEvent(p.event_name);
    return {
      title: titled(
        p.group_path || p.group_name,
        `${personOf(p.user_name, p.user_username) ?? 'A member'} ${what.words}`,
      ),
      color: what.color,
      fields: [
        ...(p.group_access ? [{ name: 'Access', value: escapeMarkdown(p.group_access), inline: true }] : []),
        ...(p.expires_at ? [{ name: 'Expires', value: escapeMarkdown(p.expires_at.slice(0, 10)), inline: true }] : []),
      ],
    };
  },
  'Subgroup Hook': (p: Payload<'Subgroup Hook'>): Embed => {
    const name = p.full_path || p.name;
    return {
      title: titled(p.parent_full_path, `Subgroup${name ? ` ${name}` : ''} ${groupEvent(p.event_name).words}`),
      color: groupEvent(p.event_name).color,
    };
  },
  'Project Hook': (p: Payload<'Project Hook'>): Embed => {
    const name = p.path_with_namespace || p.name;
    return {
      title: `Project${name ? ` ${name}` : ''} ${groupEvent(p.event_name).words}`,
      color: groupEvent(p.event_name).color,
      ...(p.project_visibility
        ? { fields: [{ name: 'Visibility', value: escapeMarkdown(p.project_visibility), inline: true }] }
        : {}),
    };
  },
  'Resource Access Token Hook': (p: Payload<'Resource Access Token Hook'>): Embed => {
    const { name, expires_at: expires } = p.object_attributes ?? {};
    return {
      title: titled(
        placeOf(p) || p.group?.full_path || p.group?.group_path || p.group?.group_name,
        `Access token${name ? ` ${name}` : ''} expires ${expires ? `on ${expires}` : 'soon'}`,
      ),
      ...linked(pageOf(p, '-/settings/access_tokens')),
      color: COLORS.warning,
    };
  },
  // The payload names no project (only its id): the vulnerability's page says which.
  'Vulnerability Hook': (p: Payload<'Vulnerability Hook'>): Embed => {
    const a = p.object_attributes ?? {};
    return {
      title: `Vulnerability ${a.state ? spaced(a.state) : 'updated'}${a.title ? `: ${a.title}` : ''}`,
      ...linked(a.url),
      color: colorOf(a.state),
      fields: [
        ...(a.severity ? [{ name: 'Severity', value: escapeMarkdown(a.severity), inline: true }] : []),
        ...(a.report_type ? [{ name: 'Found by', value: escapeMarkdown(spaced(a.report_type)), inline: true }] : []),
        ...(a.location?.file ? [{ name: 'File', value: escapeMarkdown(a.location.file), inline: true }] : []),
      ],
    };
  },
};
