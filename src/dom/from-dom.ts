/**
 * A {@link CompactTree} of a domhandler document someone else parsed (`analyzeDocument`): the same nodes,
 * in the same preorder, so node id `i` is `preorderNodes(root)[i]`.
 * @module
 */
import type { AnyNode, Document, Element } from 'domhandler';
import { CompactTreeBuilder, type CompactTree } from './compact-tree.js';

/**
 * Builds the compact tree of `root` by one iterative walk. Text and comments are copied into the tree's
 * `extra` string (a given tree's data need not be a range of `html`); a text node's source offsets are its
 * `startIndex`/`endIndex` (−1 where the tree has none).
 * @throws MatnError `input-too-large` past `maxNodes` nodes.
 * @category DOM
 */
export function compactFromDocument(root: Document, html: string, maxNodes: number): CompactTree {
  const builder = new CompactTreeBuilder(html, 1024, maxNodes);
  // the children still to visit of each open node
  const lists: (readonly AnyNode[])[] = [root.children];
  const next: number[] = [0];
  while (lists.length > 0) {
    const top = lists.length - 1;
    const children = lists[top];
    if (next[top] === children.length) {
      lists.pop();
      next.pop();
      if (lists.length > 0) builder.closeElement();
      continue;
    }
    const node = children[next[top]++];
    builder.endData(); // adjacent text nodes of a given tree stay two nodes
    switch (node.type) {
      case 'text':
        builder.textString(node.data, node.startIndex ?? -1, node.endIndex ?? -1);
        break;
      case 'comment':
        builder.commentString(node.data);
        break;
      case 'directive':
        builder.directive(node.name, node.data);
        break;
      case 'cdata':
        builder.openCdata();
        lists.push(node.children);
        next.push(0);
        break;
      default: {
        const element = node as Element;
        builder.openElement(element.name);
        for (const name in element.attribs) builder.addAttribute(name, element.attribs[name]);
        builder.commitElement(); // a given element is whole: its children are not the rest of an unfinished start tag
        lists.push(element.children);
        next.push(0);
      }
    }
  }
  return builder.finish();
}
