import type { EventDefinition } from './events/define-event.js';
import { accountEvents } from './accounts/events.js';
import { poemEvents } from './poem/events.js';
import { blogEvents } from './blogs/events.js';
import { suggestionEvents } from './suggestions/events.js';
import { jobEvents } from './admin/queues.js';
import { libraryEvents } from './library/events.js';
import { bookEvents } from './books/events.js';
import { mediaEvents } from './media/events.js';
import { pdfEvents } from './pdf/events.js';
import { cardEvents } from './cards/events.js';
import { studyEvents } from './study/events.js';
import { curatedPlanEvents } from './study/curated-plans.js';
import { workEvents } from './works/events.js';
import { notificationEvents } from './activity/events.js';

/** Every event type of the product. Each feature adds its definitions here. */
export const eventCatalog: readonly EventDefinition[] = [
  ...poemEvents,
  ...accountEvents,
  ...blogEvents,
  ...suggestionEvents,
  ...jobEvents,
  ...libraryEvents,
  ...bookEvents,
  ...pdfEvents,
  ...cardEvents,
  ...studyEvents,
  ...curatedPlanEvents,
  ...mediaEvents,
  ...workEvents,
  ...notificationEvents,
];
