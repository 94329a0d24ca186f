// /faqs: the "On this page" sidebar linking to each FAQ section, and the sections with their
// questions, each answer opened and closed on its own.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { messages } from '@business-chauffeur/booking-contract';
import { Disclosure } from '~/components/disclosure';
import { InfoHero } from '~/components/info-hero';
import { PortableText } from '~/components/portable-text';
import { loadFaqsPage } from '~/content/faqs.server';
import { contentMeta, notFoundMeta, rootMetaData } from '~/utils/content-seo';
import infoPagesStyles from '~/styles/info-pages.css?inline';
import type { StylesHandle } from '~/utils/route-styles';
export { routeHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [infoPagesStyles] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? contentMeta(
        rootMetaData(matches),
        { ...data.page, description: data.page.hero?.text },
        '/faqs',
      )
    : notFoundMeta(messages.notFound.title);

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
              id={section.anchor ?? undefined}
              className="faq-section"
              aria-labelledby={`${section.anchor}-title`}
            >
              <h2 id={`${section.anchor}-title`}>{section.title}</h2>
              <div className="disclosure-list">
                {(section.items ?? []).map((item) => (
                  <Disclosure key={item._key} title={item.question ?? ''}>
                    <div className="prose">
                      <PortableText value={item.answer} />
                    </div>
                  </Disclosure>
                ))}
              </div>
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
