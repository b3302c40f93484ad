import { escapeMarkdown } from '../../../discord/message';
import { COLORS } from '../../provider';
import type { Renderers } from './schemas';
import { actionWords, author, body, about, inRepo, linkTo, numbered } from './words';
import { entryOf } from '../../render/entryOf';

/** Colours by severity: critical and high are red, moderate (GitHub's "medium" too) yellow, low grey. */
const SEVERITY_COLORS: Record<string, number> = {
  critical: COLORS.closed,
  high: COLORS.closed,
  moderate: COLORS.warning,
  medium: COLORS.warning,
  low: COLORS.neutral,
};

/** An advisory's facts beside its text: severity, its CVE and GHSA ids. */
const advisoryFields = (advisory: { severity?: string; cve_id?: string; ghsa_id?: string } | undefined) => [
  ...(advisory?.severity ? [{ name: 'Severity', value: escapeMarkdown(advisory.severity), inline: true }] : []),
  ...(advisory?.cve_id ? [{ name: 'CVE', value: escapeMarkdown(advisory.cve_id), inline: true }] : []),
  ...(advisory?.ghsa_id ? [{ name: 'GHSA', value: escapeMarkdown(advisory.ghsa_id), inline: true }] : []),
];

/** An alert is closed well when fixed, set aside when dismissed, open again otherwise. */
const ALERT_COLORS: Record<string, number> = {
  fixed: COLORS.created,
  dismissed: COLORS.neutral,
  auto_dismissed: COLORS.neutral,
};

export const securityRenderers: Renderers<'security_advisory' | 'dependabot_alert'> = {
  // GitHub's advisory database, not a repository's: the advisory names no repository.
  security_advisory: (p) => {
    const advisory = p.security_advisory;
    return {
      title: about(`Security advisory ${actionWords(p.action)}`, advisory?.summary || advisory?.ghsa_id || ''),
      ...linkTo(
        advisory?.html_url,
        advisory?.ghsa_id && /^GHSA(-[a-z0-9]{4}){3}$/.test(advisory.ghsa_id)
          ? `https://github.com/advisories/${advisory.ghsa_id}`
          : undefined,
        advisory?.references?.[0]?.url,
      ),
      color:
        p.action === 'withdrawn'
          ? COLORS.neutral
          : (entryOf(SEVERITY_COLORS, advisory?.severity ?? '') ?? COLORS.warning),
      ...body(advisory?.description),
      fields: advisoryFields(advisory),
    };
  },
  dependabot_alert: (p) => {
    const alert = p.alert;
    const advisory = alert?.security_advisory;
    const dependency = alert?.dependency?.package;
    const patched = alert?.security_vulnerability?.first_patched_version?.identifier;
    const headline = `Dependabot alert ${actionWords(p.action)}`;
    return {
      title: `${inRepo(p.repository)}${about(headline, numbered(alert?.number, dependency?.name))}`,
      ...linkTo(alert?.html_url, p.repository?.html_url),
      ...author(p.sender),
      color:
        entryOf(ALERT_COLORS, p.action ?? '') ?? entryOf(SEVERITY_COLORS, advisory?.severity ?? '') ?? COLORS.warning,
      ...body(advisory?.summary),
      fields: [
        ...advisoryFields(advisory),
        ...(patched ? [{ name: 'Patched in', value: escapeMarkdown(patched), inline: true }] : []),
        ...(alert?.dependency?.manifest_path
          ? [{ name: 'Manifest', value: escapeMarkdown(alert.dependency.manifest_path), inline: true }]
          : []),
      ],
    };
  },
};
