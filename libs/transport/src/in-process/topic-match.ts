/**
 * AMQP topic matching, as RabbitMQ routes a topic exchange: words are dot-separated, `*` stands for
 * exactly one word and `#` for zero or more.
 */
export function topicMatches(binding: string, routingKey: string): boolean {
  return matchWords(binding.split('.'), 0, routingKey.split('.'), 0);
}

function matchWords(pattern: string[], p: number, words: string[], w: number): boolean {
  if (p === pattern.length) return w === words.length;
  if (pattern[p] === '#') {
    for (let rest = w; rest <= words.length; rest++) if (matchWords(pattern, p + 1, words, rest)) return true;
    return false;
  }
  if (w === words.length) return false;
  return (pattern[p] === '*' || pattern[p] === words[w]) && matchWords(pattern, p + 1, words, w + 1);
}
