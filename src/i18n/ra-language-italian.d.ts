/** ra-language-italian ships plain CommonJS without types: a tree of Polyglot messages. */
declare module 'ra-language-italian' {
  type MessageTree = { [key: string]: string | MessageTree };
  const messages: MessageTree;
  export default messages;
}
