// /faqs: the page's own copy and the FAQ sections with their questions, in order: the questions
// with their answer, as a page's FAQ group shows them (app/content/page-sections.server.ts).
import { found } from '~/utils/not-found.server';
import { getContentSource } from './content.server';
import { answeredQuestions } from './page-sections.server';
import { faqsPageQuery } from './queries.server';

export async function loadFaqsPage(request: Request) {
  const { page, sections } = await getContentSource(request).fetch(faqsPageQuery);
  // A section without questions would be an anchor in the sidebar leading to nothing.
  return {
    page: found(page),
    sections: sections.flatMap((section) => {
      const items = answeredQuestions(section.items);
      return section.anchor && items.length > 0
        ? [{ ...section, anchor: section.anchor, items }]
        : [];
    }),
  };
}
