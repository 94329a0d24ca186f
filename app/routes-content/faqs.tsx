// /faqs: the "On this page" sidebar linking to each FAQ section, and the sections with their
// questions, each answer opened and closed on its own.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract/site';
import { InfoHero } from '~/components/info-hero';
import { DisclosureList } from '~/components/policy-page';
import { PortableText } from '~/components/portable-text';
import { loadFaqsPage } from '~/content/faqs.server';
import { indexPageMeta, infoPageHandle } from './content-page';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle = infoPageHandle;

export const meta = indexPageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadFaqsPage(request);
}

export default function Faqs() {
  const { page, sections } = useLoaderData<typeof loader>();
  return (
    <>
      <InfoHero heading={page.hero?.heading ?? page.title ?? ''} text={page.hero?.text} />
      <div className="container faq-layout">
        <nav className="faq-toc" aria-labelledby="faq-toc-title">
          <h2 id="faq-toc-title">{messages.infoPages.onThisPage}</h2>
          <ul>
            {sections.map((section) => (
              <li key={section._id}>
                <a href={`#${section.anchor}`}>{section.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="faq-sections">
          {sections.map((section) => (
            <section
              key={section._id}
              id={section.anchor}
              className="faq-section"
              aria-labelledby={`${section.anchor}-title`}
            >
              <h2 id={`${section.anchor}-title`}>{section.title}</h2>
              <DisclosureList
                items={section.items.map((item) => ({
                  key: item._key,
                  title: item.question,
                  body: item.answer,
                }))}
              />
            </section>
          ))}
          {page.body ? (
            <div className="prose faq-footer">
              <PortableText value={page.body} />
            </div>
          ) : null}
        </div>
      </div>
    </>
  );
}
