import { describe, expect, test } from 'vitest';
import { addTag, availableActions, closeAll, closeLeft, closeOthers, closeRight, closeTag, type Tag } from './tags';

const tag = (path: string, affix = false): Tag => ({ path, name: path, componentName: path, affix, keepAlive: true });
const home = '/today/index';
const paths = (tags: Tag[]) => tags.map((t) => t.path);
// [home (affix), a, b, c, d]
const tags = ['/a', '/b', '/c', '/d'].reduce((all, p) => addTag(all, tag(p)), addTag([], tag(home, true)));

describe('tags view', () => {
  test('a visited page is added once; affix tags stay in front', () => {
    expect(paths(addTag(tags, tag('/b')))).toEqual([home, '/a', '/b', '/c', '/d']);
    expect(paths(addTag([tag('/a')], tag(home, true)))).toEqual([home, '/a']);
  });

  test('close removes one tag; closing the open one goes to the last tag left', () => {
    expect(closeTag(tags, '/b', '/c', home)).toEqual({ tags: tags.filter((t) => t.path !== '/b') });
    expect(closeTag(tags, '/d', '/d', home).navigateTo).toBe('/c');
  });

  test('an affix tag cannot be closed', () => {
    expect(paths(closeTag(tags, home, home, home).tags)).toEqual(paths(tags));
  });

  test('close others keeps the affix tags and the chosen one, and opens it', () => {
    expect(closeOthers(tags, '/b', '/d', home)).toEqual({ tags: [tags[0], tags[2]], navigateTo: '/b' });
  });

  test('close left and close right keep affix tags', () => {
    expect(paths(closeLeft(tags, '/c', '/c', home).tags)).toEqual([home, '/c', '/d']);
    expect(paths(closeRight(tags, '/b', '/b', home).tags)).toEqual([home, '/a', '/b']);
  });

  test('closing to one side over the open page opens the chosen tag', () => {
    expect(closeRight(tags, '/a', '/d', home).navigateTo).toBe('/a');
  });

  test('close all leaves the affix tags and goes to the last of them', () => {
    expect(closeAll(tags, '/c', home)).toEqual({ tags: [tags[0]], navigateTo: home });
  });

  test('close all without any tag left goes to the landing page', () => {
    expect(closeAll([tag('/a')], '/a', home)).toEqual({ tags: [], navigateTo: home });
  });

  test('menu actions are disabled when they would do nothing', () => {
    expect(availableActions(tags, home)).toMatchObject({ close: false, closeLeft: false, closeRight: true, closeOthers: true });
    expect(availableActions(tags, '/d')).toMatchObject({ close: true, closeRight: false, closeLeft: true });
    expect(availableActions([tags[0]!], home)).toMatchObject({ closeAll: false, closeOthers: false });
  });
});
