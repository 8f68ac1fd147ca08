import { describe, expect, it } from 'vitest';
import {
  lowerThisThreadPriority,
  MEDIA_THREAD_NICE,
  threadNiceFrom,
} from '../../../../main/media/thread-priority';

describe('the media threads’ priority', () => {
  it('is lowered on Linux only, where a nice value belongs to one thread', () => {
    const asked: number[] = [];
    const set = (priority: number) => void asked.push(priority);
    expect(lowerThisThreadPriority(MEDIA_THREAD_NICE, 'linux', set)).toBe(true);
    // On macOS and Windows it would move the whole process, main's event loop with it.
    expect(lowerThisThreadPriority(MEDIA_THREAD_NICE, 'darwin', set)).toBe(false);
    expect(lowerThisThreadPriority(MEDIA_THREAD_NICE, 'win32', set)).toBe(false);
    expect(asked).toEqual([MEDIA_THREAD_NICE]);
  });

  it('is left alone at 0, and a refusal leaves the thread working', () => {
    const refuse = () => {
      throw new Error('EACCES');
    };
    expect(lowerThisThreadPriority(0, 'linux', refuse)).toBe(false);
    expect(lowerThisThreadPriority(10, 'linux', refuse)).toBe(false);
  });

  it('takes the nice value a thread was started with, and nothing odd', () => {
    expect(threadNiceFrom({ threadNice: 10, entry: 'file:///x.ts' })).toBe(10);
    for (const odd of [undefined, null, 'x', {}, { threadNice: '10' }, { threadNice: -5 }])
      expect(threadNiceFrom(odd)).toBe(0);
    expect(threadNiceFrom({ threadNice: 40 })).toBe(0);
    expect(threadNiceFrom({ threadNice: 2.5 })).toBe(0);
  });
});
