// /faqs: the page's own copy and the FAQ sections with their questions, in order.
import { found } from '~/utils/not-found.server';
import { getContentSource } from './content.server';
import { faqsPageQuery } from './queries.server';

export async function loadFaqsPage(request: Request) {
  const { page, sections } = await getContentSource(request).fetch(faqsPageQuery);
  // A section without questions would be an anchor in the sidebar leading to nothing.
  return {
    page: found(page),
    sections: sections.filter((section) => section.anchor && (section.items?.length ?? 0) > 0),
  };
}
