import { describe, expect, it } from 'vitest';
import { withFrameAncestors } from './frame-ancestors';

const policy = "default-src 'self';frame-src 'none';frame-ancestors 'none';object-src 'none'";

describe('withFrameAncestors', () => {
  it('lets the one origin frame the page and changes nothing else', () => {
    expect(withFrameAncestors(policy, 'https://bcchauffeur.sanity.studio')).toBe(
      "default-src 'self';frame-src 'none';frame-ancestors https://bcchauffeur.sanity.studio;object-src 'none'",
    );
  });

  it('keeps the policy as it is for anything but an origin', () => {
    for (const origin of [
      '*',
      "https://studio.example 'unsafe-inline'",
      'https://studio.example;script-src *',
      'https://studio.example/path',
      'javascript:alert(1)',
      '',
    ]) {
      expect(withFrameAncestors(policy, origin), origin).toBe(policy);
    }
  });
});
