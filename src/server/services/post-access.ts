import type { Post } from '../../shared/schemas/post';
import type { PostRepository } from '../db/post-repository';
import { notFound } from '../errors';
import type { MonthService } from './month-service';

/**
 * A post the user owns (else 404) in a month they may still change (else 409 archived): the quick
 * check before slow work. The write itself goes through `monthService.writeToPost`, which checks again.
 */
export async function writablePost(posts: PostRepository, monthService: MonthService, userId: string, postId: string): Promise<Post> {
  const post = await posts.find(userId, postId);
  if (!post) throw notFound('Post');
  await monthService.requireWritable(userId, post.monthId);
  return post;
}
