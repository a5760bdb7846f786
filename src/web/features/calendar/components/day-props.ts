import type { CalendarCell } from '@shared/domain/calendar-grid';
import type { Post } from '@shared/schemas/post';
import type { DeliveryStatus } from '@shared/schemas/publishing';
import type { PostActions } from '../../../components/post-action-items';

/** What a day does on click, drag and drop: one object for the whole month, which always calls the latest props. */
export interface DayHandlers {
  openDay: (date: string, posts: Post[]) => void;
  openPost?: (postId: string) => void;
  addPost?: (date: string) => void;
  drop: (postId: string, date: string) => void;
  setDropDate: (update: (current: string | null) => string | null) => void;
  setPickerDate: (date: string | null) => void;
  actions: PostActions;
}

export interface CalendarDayProps {
  cell: CalendarCell;
  posts: Post[];
  handlers: DayHandlers;
  /** Which handlers the month has: a day offers what they allow. */
  canOpen: boolean;
  canAdd: boolean;
  hasActions: boolean;
  archived: boolean;
  canMove: boolean;
  approvalShown: boolean;
  deliveryStatusOf?: (postId: string) => DeliveryStatus | undefined;
  dropTarget: boolean;
  pickerOpen: boolean;
  tooltips: boolean;
  /** A phone's width: what CSS hides there (the day's menu, the posts' words) is not drawn. */
  compact: boolean;
}
