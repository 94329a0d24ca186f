import { describe, expect, it } from 'vitest';
import { renderPlainEmail } from './plain-email.server';

const brand = {
  name: 'Business Chauffeur',
  phone: '1300 975 707',
  email: 'bookings@businesschauffeur.example',
  siteUrl: 'https://www.businesschauffeur.example',
};

describe('renderPlainEmail', () => {
  it('says everything in the text part, and escapes what people typed in the HTML part', () => {
    const { text, html } = renderPlainEmail(brand, {
      title: 'Feedback: <b>late</b>',
      paragraphs: ['Someone wrote to us.'],
      details: [['Message', 'Line one\n<script>alert(1)</script>']],
      action: { label: 'Open', url: 'https://www.businesschauffeur.example/x?a=1&b=2' },
      footnotes: ['Thank you.'],
    });
    expect(text).toContain('Someone wrote to us.');
    expect(text).toContain('Message: Line one\n  <script>alert(1)</script>');
    expect(text).toContain('Open: https://www.businesschauffeur.example/x?a=1&b=2');
    expect(text).toContain('1300 975 707 · bookings@businesschauffeur.example');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<title>Feedback: &lt;b&gt;late&lt;/b&gt;</title>');
    expect(html).toContain('href="https://www.businesschauffeur.example/x?a=1&amp;b=2"');
    expect(html).toContain('Business Chauffeur');
  });
});
