# Multi-stage build of the services of docker-compose.yml, on Node 24 LTS (package.json engines: >=22.15).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY api/package.json api/package.json
COPY web/package.json web/package.json
COPY examples/package.json examples/package.json
RUN npm ci --no-audit --no-fund
COPY . .
# The web app is built for the api's public address (its own origin, e.g. https://api.beats.example).
ARG VITE_API_URL
RUN test -n "$VITE_API_URL" || (echo "build with --build-arg VITE_API_URL=https://<api host>" >&2; exit 1)
ENV VITE_API_URL=$VITE_API_URL
RUN npm run build

# The api and the worker (docker-compose.yml runs api/dist/worker.js for the latter).
FROM node:24-bookworm-slim AS api
WORKDIR /app
ENV NODE_ENV=production
# A fixed mmap threshold for glibc's malloc: buffers from 128 KiB up (decoded and warped loops, masters,
# MP3 chunks) are mapped on their own and given back to the system when freed. glibc's default raises
# the threshold after each such free, so later large buffers came from the heap, which fragmented and
# grew: in the soak, RSS outside the caches rose from 0.5 to 1 GB in 10 minutes; with this it stays
# at 0.35-0.4 GB, for about 5 % more CPU a render (docs/decisions.md, "Memory growth in the soak").
ENV MALLOC_MMAP_THRESHOLD_=131072
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/api ./api
USER node
EXPOSE 4000
CMD ["node", "--enable-source-maps", "api/dist/main.js"]

# The built web app served by nginx, which also proxies the api's host (deploy/nginx.conf.template).
FROM nginx:1.27-alpine AS web
COPY deploy/nginx.conf.template /etc/nginx/templates/default.conf.template
# Rendered to /etc/nginx/conf.d/web-security-headers.inc (not *.conf: only the web server includes it).
COPY deploy/web-security-headers.inc.template /etc/nginx/templates/web-security-headers.inc.template
COPY --from=build /app/web/dist /usr/share/nginx/html
EXPOSE 80
