## {{labelPlural}}

Made by `npm run new:resource`: a name (unique, compared without case) and a description.
Each change is recorded in the audit trail as a `{{singular}}`.

| route | rule |
|---|---|
| GET /api/{{kebab}}, GET /api/{{kebab}}/{id} | read_{{name}} (the list: `filter[search]` or `filter[name]`, `filter[id][]`, `sort` by `name`, `created_at`, `id`, newest first by default; `page`, `per_page`) |
| POST /api/{{kebab}} | create_{{name}} |
| PUT /api/{{kebab}}/{id} | update_{{name}} |
| DELETE /api/{{kebab}}/{id} | delete_{{name}} |
