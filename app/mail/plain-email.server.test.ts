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

  it('puts a heading with its rows first, and headed tables with their totals after the details', () => {
    const { text, html } = renderPlainEmail(brand, {
      title: 'Tax invoice for booking MH3K9Q2A',
      heading: { text: 'Tax invoice', rows: [['Invoice number', 'MH3K9Q2A']] },
      greeting: 'Hello Ngaio,',
      paragraphs: ['Your ride is confirmed.'],
      sections: [
        {
          heading: 'Fare',
          rows: [['Fare & tolls', '$150.00']],
          totals: [['Total paid', '$150.00 AUD']],
          amounts: true,
        },
      ],
    });
    expect(text).toMatch(
      /^Tax invoice\nInvoice number: MH3K9Q2A\n\nHello Ngaio,\n\nYour ride is confirmed\.\n\nFare\nFare & tolls: \$150\.00\nTotal paid: \$150\.00 AUD\n\n/,
    );
    expect(html).toMatch(/<h1[^>]*>Tax invoice<\/h1>/);
    expect(html).toMatch(/<h2[^>]*>Fare<\/h2>/);
    expect(html).toContain('>Fare &amp; tolls</th>');
    expect(html).toMatch(/text-align:right;white-space:nowrap;font-weight:bold;">\$150\.00 AUD</);
    expect(html.indexOf('Tax invoice</h1>')).toBeLessThan(html.indexOf('Hello Ngaio,'));
  });
});
