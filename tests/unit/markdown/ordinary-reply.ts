/**
 * An ordinary reply with every shape the limits must leave alone: headings, tight and loose lists
 * nested three deep, fenced and indented code, a table, a quote inside a list, links through
 * reference definitions (some defined before use, some after, one label in two cases), nested
 * emphasis a few levels deep, strikethrough, task items and an autolink.
 */
export const ORDINARY_REPLY = `# Migrating the parser

Here is the plan, with *emphasis*, **strong**, ***both***, and **strong with _emphasis inside
and \`code\`_ spanning a line** — see [the guide][guide], [RFC 9110] and [Guide][GUIDE].

## Steps

1. Read the **input** file:

   \`\`\`python
   def read(path: str) -> list[dict[str, int]]:
       with open(path) as f:
           return [json.loads(line) for line in f]  # *not* emphasis
   \`\`\`

2. Validate each record:
   - the *id* is a string
     - with **no _nested ~~strike~~ inside_ here**
   - the [date](https://example.com/dates?q=a_b*c) is finite
3. Write the result.

> **Note:** a quote with a [link][guide] and a list:
>
> - one
> - two

| Field | Type | Notes |
|:------|:----:|------:|
| \`id\` | string | *required* |
| \`n\` | **int** | [see][guide] |

- [x] done task
- [ ] open task

    indented code *stays* [literal]

~~Removed~~ and https://auto.example.com stay as they were; snake_case_words and 2*3*4 too.

[guide]: https://example.com/guide "The guide"
[rfc 9110]: https://www.rfc-editor.org/rfc/rfc9110
`;
