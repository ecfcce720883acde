#!/usr/bin/env bash
# Debian's Glewlwyd as a third-party OpenID provider for Percorso's end-to-end tests.
#
#   glewlwyd-setup.sh start            configure a fresh instance in $GLEWLWYD_DIR and start it
#   glewlwyd-setup.sh rotate ES256     replace its signing key (RS256 or ES256) and restart it
#   glewlwyd-setup.sh stop             stop it
#
# Environment: GLEWLWYD_DIR (required: a folder of its own, e.g. from mktemp -d), GLEWLWYD_PORT
# (default 4280), PERCORSO_URL (the Percorso the client redirects to, default
# http://localhost:4200), KEY_ALG (start only, default RS256).
#
# Everything stays in GLEWLWYD_DIR: its SQLite database (schema from Debian's package), a copy of
# its web pages with symbolic links resolved (its static file server answers 404 for links),
# the configuration, the key and the log. It listens on 127.0.0.1 only. Nothing is downloaded.
#
# What it sets up:
# - the OpenID Connect plugin at /api/oidc: code flow with PKCE, `iss` in the authorization
#   response, end_session, e-mail, name and the claims given_name, family_name, email_verified;
# - a confidential client "percorso" (client_secret_basic, a secret with -_.!~*'() in it) with
#   Percorso's /auth/callback and / as redirect and post-logout addresses;
# - users (password "percorso-e2e"): mario (mario.rossi@example.test, verified), nuova
#   (nuova@example.test, verified), anna (anna.verdi@example.test, verified), lucia
#   (lucia.neri@example.test, NOT verified).
# On success it writes $GLEWLWYD_DIR/percorso.env with OIDC_ISSUER, OIDC_CLIENT_ID and
# OIDC_CLIENT_SECRET for Percorso.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
dir="${GLEWLWYD_DIR:?set GLEWLWYD_DIR to a folder of its own}"
port="${GLEWLWYD_PORT:-4280}"
percorso="${PERCORSO_URL:-http://localhost:4200}"
base="http://127.0.0.1:${port}"
issuer="${base}/api/oidc"
client_id="percorso"
client_secret="percorso-glewlwyd_secret.!~*'()"
user_password="percorso-e2e"

die() {
  echo "glewlwyd-setup: $*" >&2
  exit 1
}

command -v glewlwyd >/dev/null || die "glewlwyd is not installed (apt-get install glewlwyd)"
for tool in sqlite3 openssl curl jq; do command -v "$tool" >/dev/null || die "$tool is needed"; done

# A signing key in PEM: private key (PKCS#8) and public key.
make_key() {
  local alg="$1"
  case "$alg" in
    RS256) openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$dir/key.pem" 2>/dev/null ;;
    ES256) openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$dir/key.pem" 2>/dev/null ;;
    *) die "unknown key algorithm $alg (RS256 or ES256)" ;;
  esac
  openssl pkey -in "$dir/key.pem" -pubout -out "$dir/cert.pem" 2>/dev/null
}

# The OIDC plugin's parameters for the current key.
plugin_parameters() {
  local alg="$1" type
  case "$alg" in RS256) type=rsa ;; ES256) type=ecdsa ;; esac
  jq --arg iss "$issuer" --arg key "$(cat "$dir/key.pem")" --arg cert "$(cat "$dir/cert.pem")" --arg type "$type" \
    '.iss = $iss | .key = $key | .cert = $cert | .["jwt-type"] = $type | .["jwt-key-size"] = "256"' \
    "$here/glewlwyd-oidc-plugin.json"
}

sql_quote() {
  printf "'%s'" "${1//\'/\'\'}"
}

launch() {
  # A glewlwyd left running on the port (another run's) would answer the readiness check below while
  # ours fails to bind, and the setup would then talk to it.
  if (exec 3<>"/dev/tcp/127.0.0.1/${port}") 2>/dev/null; then
    die "port ${port} is already in use (a glewlwyd from another run?): stop it, or set GLEWLWYD_PORT"
  fi
  glewlwyd --config-file="$dir/glewlwyd.conf" >>"$dir/console.log" 2>&1 &
  echo $! >"$dir/glewlwyd.pid"
  for _ in $(seq 1 100); do
    if curl -fsS "${issuer}/.well-known/openid-configuration" >/dev/null 2>&1; then return 0; fi
    kill -0 "$(cat "$dir/glewlwyd.pid")" 2>/dev/null || die "glewlwyd exited: $(tail -n 20 "$dir/glewlwyd.log" "$dir/console.log" 2>/dev/null)"
    sleep 0.1
  done
  die "glewlwyd did not answer on ${base}: $(tail -n 20 "$dir/glewlwyd.log" 2>/dev/null)"
}

halt() {
  [[ -f "$dir/glewlwyd.pid" ]] || return 0
  local pid
  pid="$(cat "$dir/glewlwyd.pid")"
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -f "$dir/glewlwyd.pid"
}

admin() {
  # admin METHOD PATH [JSON]
  local answer
  answer="$(curl -sS -b "$dir/admin.cookies" -c "$dir/admin.cookies" -X "$1" -H 'content-type: application/json' \
    ${3:+--data "$3"} -w '\n%{http_code}' "${base}/api$2")"
  local status="${answer##*$'\n'}"
  [[ "$status" == 2* ]] || die "$1 /api$2 answered $status: ${answer%$'\n'*}"
}

start() {
  mkdir -p "$dir"
  halt
  rm -f "$dir/glewlwyd.db" "$dir/admin.cookies"
  local alg="${KEY_ALG:-RS256}"

  sqlite3 "$dir/glewlwyd.db" </usr/share/dbconfig-common/data/glewlwyd/install/sqlite3
  rm -rf "$dir/webapp"
  cp -rL /usr/share/glewlwyd/webapp "$dir/webapp"
  # The package's config.json links to a folder holding the real config.json.
  if [[ -d "$dir/webapp/config.json" ]]; then
    local real="$dir/webapp/config.json/config.json"
    mv "$real" "$dir/webapp/config.real.json"
    rm -rf "$dir/webapp/config.json"
    mv "$dir/webapp/config.real.json" "$dir/webapp/config.json"
  fi
  sed -e "s|@PORT@|${port}|g" -e "s|@DIR@|${dir}|g" "$here/glewlwyd.conf.in" >"$dir/glewlwyd.conf"

  make_key "$alg"
  echo "$alg" >"$dir/key.alg"
  # Plugin and user properties written before the first start: parameters changed through the
  # admin API would take effect only after a restart.
  sqlite3 "$dir/glewlwyd.db" "insert into g_plugin_module_instance (gpmi_module, gpmi_name, gpmi_display_name, gpmi_parameters, gpmi_enabled)
    values ('oidc', 'oidc', 'OpenID Connect', $(sql_quote "$(plugin_parameters "$alg")"), 1);"
  local format
  format="$(sqlite3 "$dir/glewlwyd.db" "select gumi_parameters from g_user_module_instance where gumi_name = 'database';" |
    jq -c '.["data-format"] += {
      "given_name": {"multiple": false, "read": true, "write": true, "profile-read": true, "profile-write": false},
      "family_name": {"multiple": false, "read": true, "write": true, "profile-read": true, "profile-write": false},
      "email_verified": {"multiple": false, "read": true, "write": true, "profile-read": true, "profile-write": false}
    }')"
  sqlite3 "$dir/glewlwyd.db" "update g_user_module_instance set gumi_parameters = $(sql_quote "$format") where gumi_name = 'database';"
  # Scopes the client asks for; openid needs the password (a session of its own).
  sqlite3 "$dir/glewlwyd.db" "update g_scope set gs_password_required = 1 where gs_name = 'openid';
    insert into g_scope (gs_name, gs_display_name, gs_description, gs_password_required, gs_password_max_age) values
      ('email', 'E-mail', 'Your e-mail address', 0, 0), ('profile', 'Profile', 'Your name', 0, 0);"

  launch

  admin POST /auth/ '{"username":"admin","password":"password"}'
  local user
  for user in \
    'mario|Mario Rossi|mario.rossi@example.test|Mario|Rossi|true' \
    'nuova|Nuova Persona|nuova@example.test|Nuova|Persona|true' \
    'anna|Anna Verdi|anna.verdi@example.test|Anna|Verdi|true' \
    'lucia|Lucia Neri|lucia.neri@example.test|Lucia|Neri|false'; do
    IFS='|' read -r username name email given family verified <<<"$user"
    admin POST /user/ "$(jq -cn --arg u "$username" --arg n "$name" --arg e "$email" --arg g "$given" --arg f "$family" \
      --arg v "$verified" --arg p "$user_password" \
      '{username: $u, name: $n, email: $e, given_name: $g, family_name: $f, email_verified: $v, password: $p,
        scope: ["openid", "email", "profile"], enabled: true}')"
  done
  admin POST /client/ "$(jq -cn --arg id "$client_id" --arg secret "$client_secret" \
    --arg back "${percorso}/auth/callback" --arg home "${percorso}/" \
    '{client_id: $id, name: "Percorso", confidential: true, password: $secret, enabled: true,
      redirect_uri: [$back], authorization_type: ["code"], scope: [],
      token_endpoint_auth_method: ["client_secret_basic"], post_logout_redirect_uri: $home}')"

  cat >"$dir/percorso.env" <<ENV
OIDC_ISSUER="${issuer}"
OIDC_CLIENT_ID="${client_id}"
OIDC_CLIENT_SECRET="${client_secret}"
ENV
  echo "glewlwyd: ${issuer} (key ${alg}), users' password ${user_password}, settings in $dir/percorso.env"
}

rotate() {
  local alg="${1:?rotate needs RS256 or ES256}"
  [[ -f "$dir/glewlwyd.db" ]] || die "no instance in $dir: run start first"
  make_key "$alg"
  echo "$alg" >"$dir/key.alg"
  sqlite3 "$dir/glewlwyd.db" "update g_plugin_module_instance set gpmi_parameters = $(sql_quote "$(plugin_parameters "$alg")") where gpmi_name = 'oidc';"
  halt
  launch
  echo "glewlwyd: signing key now ${alg}"
}

case "${1:-}" in
  start) start ;;
  rotate) rotate "${2:-}" ;;
  stop) halt ;;
  *) die "usage: $0 start | rotate RS256|ES256 | stop" ;;
esac
